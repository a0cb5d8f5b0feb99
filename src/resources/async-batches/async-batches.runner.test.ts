/** Every batch type names an endpoint of the table that serves 2021-11, the version tasks run in. */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../index.js';
import { BATCH_TYPES } from '../../model/async-batch.js';
import { TASK_VERSION, taskEndpoints } from './async-batches.runner.js';

describe('batch task targets', () => {
  it.each(BATCH_TYPES)('%s runs through an endpoint of the table', (batchType) => {
    const served = taskEndpoints(endpoints, batchType).filter(
      (endpoint) => !endpoint.versions || endpoint.versions.includes(TASK_VERSION),
    );
    expect(served).toHaveLength(1);
  });
});
