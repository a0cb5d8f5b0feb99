/** htm bound to Preact: tagged templates instead of JSX, so the dashboard needs no JSX compile step. */
import htm from 'htm';
import { h } from 'preact';

export const html = htm.bind(h);
