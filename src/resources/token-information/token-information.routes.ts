import type { Endpoint } from '../../http/types.js';

export const tokenInformationEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/token_information',
    scope: null,
    summary: "Retrieve the calling token's information",
    handle: ({ token }) => ({
      body: {
        token_information: {
          client: { name: token.name, contact_email: token.contact_email },
          contact_email: token.contact_email,
          name: token.name,
          scopes: token.scopes,
        },
      },
    }),
  },
];
