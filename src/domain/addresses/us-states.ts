/**
 * US states and territories with the 3-digit zip prefixes the postal service gives them. The
 * emulator's stand-in for the external US address-validation service checks a zip against its
 * state with this table.
 */

// [code, name, zip3 ranges]
const STATES: readonly (readonly [string, string, readonly (readonly [number, number])[]])[] = [
  ['AL', 'Alabama', [[350, 369]]],
  ['AK', 'Alaska', [[995, 999]]],
  ['AZ', 'Arizona', [[850, 865]]],
  ['AR', 'Arkansas', [[716, 729]]],
  ['CA', 'California', [[900, 961]]],
  ['CO', 'Colorado', [[800, 816]]],
  ['CT', 'Connecticut', [[60, 69]]],
  ['DE', 'Delaware', [[197, 199]]],
  [
    'DC',
    'District of Columbia',
    [
      [200, 200],
      [202, 205],
      [569, 569],
    ],
  ],
  [
    'FL',
    'Florida',
    [
      [320, 339],
      [341, 349],
    ],
  ],
  [
    'GA',
    'Georgia',
    [
      [300, 319],
      [398, 399],
    ],
  ],
  ['HI', 'Hawaii', [[967, 968]]],
  ['ID', 'Idaho', [[832, 838]]],
  ['IL', 'Illinois', [[600, 629]]],
  ['IN', 'Indiana', [[460, 479]]],
  ['IA', 'Iowa', [[500, 528]]],
  ['KS', 'Kansas', [[660, 679]]],
  ['KY', 'Kentucky', [[400, 427]]],
  ['LA', 'Louisiana', [[700, 714]]],
  ['ME', 'Maine', [[39, 49]]],
  ['MD', 'Maryland', [[206, 219]]],
  [
    'MA',
    'Massachusetts',
    [
      [10, 27],
      [55, 55],
    ],
  ],
  ['MI', 'Michigan', [[480, 499]]],
  ['MN', 'Minnesota', [[550, 567]]],
  ['MS', 'Mississippi', [[386, 397]]],
  ['MO', 'Missouri', [[630, 658]]],
  ['MT', 'Montana', [[590, 599]]],
  ['NE', 'Nebraska', [[680, 693]]],
  ['NV', 'Nevada', [[889, 898]]],
  ['NH', 'New Hampshire', [[30, 38]]],
  ['NJ', 'New Jersey', [[70, 89]]],
  ['NM', 'New Mexico', [[870, 884]]],
  [
    'NY',
    'New York',
    [
      [5, 5],
      [100, 149],
      [63, 63],
    ],
  ],
  ['NC', 'North Carolina', [[270, 289]]],
  ['ND', 'North Dakota', [[580, 588]]],
  ['OH', 'Ohio', [[430, 459]]],
  ['OK', 'Oklahoma', [[730, 749]]],
  ['OR', 'Oregon', [[970, 979]]],
  ['PA', 'Pennsylvania', [[150, 196]]],
  ['RI', 'Rhode Island', [[28, 29]]],
  ['SC', 'South Carolina', [[290, 299]]],
  ['SD', 'South Dakota', [[570, 577]]],
  ['TN', 'Tennessee', [[370, 385]]],
  [
    'TX',
    'Texas',
    [
      [750, 799],
      [733, 733],
      [885, 885],
    ],
  ],
  ['UT', 'Utah', [[840, 847]]],
  ['VT', 'Vermont', [[50, 59]]],
  [
    'VA',
    'Virginia',
    [
      [201, 201],
      [220, 246],
    ],
  ],
  ['WA', 'Washington', [[980, 994]]],
  ['WV', 'West Virginia', [[247, 268]]],
  ['WI', 'Wisconsin', [[530, 549]]],
  ['WY', 'Wyoming', [[820, 831]]],
  [
    'PR',
    'Puerto Rico',
    [
      [6, 7],
      [9, 9],
    ],
  ],
  ['VI', 'Virgin Islands', [[8, 8]]],
  ['GU', 'Guam', [[969, 969]]],
  ['AS', 'American Samoa', [[967, 967]]],
  ['MP', 'Northern Mariana Islands', [[969, 969]]],
  ['AA', 'Armed Forces Americas', [[340, 340]]],
  ['AE', 'Armed Forces Europe', [[90, 98]]],
  ['AP', 'Armed Forces Pacific', [[962, 966]]],
];

export interface UsState {
  readonly code: string;
  readonly name: string;
  readonly zip3: readonly (readonly [number, number])[];
}

const BY_KEY = new Map<string, UsState>();
for (const [code, name, zip3] of STATES) {
  const state = { code, name, zip3 };
  BY_KEY.set(code.toLowerCase(), state);
  BY_KEY.set(name.toLowerCase(), state);
}

/** A US state by 2-letter code or name, case-insensitively. */
export function findUsState(value: string): UsState | undefined {
  return BY_KEY.get(value.trim().toLowerCase());
}

/** Whether a 5-digit zip belongs to the state, by its 3-digit prefix. */
export function zipMatchesState(zip: string, state: UsState): boolean {
  const prefix = Number(zip.slice(0, 3));
  return state.zip3.some(([low, high]) => prefix >= low && prefix <= high);
}

/** Every state and territory, in table order (the provinces of `GET /shop/shipping_countries`). */
export function usStates(): readonly UsState[] {
  return [...new Set(BY_KEY.values())];
}
