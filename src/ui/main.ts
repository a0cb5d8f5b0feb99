/** The dashboard's entry point (bundled into dist/ui/app.js by scripts/bundle-ui.js). */
import { render } from 'preact';
import { App } from './app.js';
import { html } from './html.js';

const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(html`<${App} />`, root);
}
