import type { Endpoint } from '../../http/types.js';
import { storeEmail } from '../../store/store-facts.js';

export const tokenInformationEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/token_information',
    scope: null,
    summary: "Retrieve the calling token's information",
    // api-facts: contact_email is the store's contact address (a string, never null), read now so
    // a later change of the `email` setting shows.
    handle: ({ store, token }) => ({
      body: {
        token_information: {
          client: { name: token.name, contact_email: storeEmail(store) },
          contact_email: storeEmail(store),
          name: token.name,
          scopes: token.scopes,
        },
      },
    }),
  },
];
