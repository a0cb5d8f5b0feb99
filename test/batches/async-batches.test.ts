/** Async batches: create, add tasks, nothing runs before process, results per task, the event. */
import { describe, expect, it } from 'vitest';
import type { Api, Json } from '../helpers/api.js';
import { createProduct } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomerWithAddress, queuedCharges } from '../helpers/factories.js';

const { store } = useEmulator();

const discountBody = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  discount_type: 'percentage',
  duration: 'forever',
  value: '10',
  ...extra,
});

async function createBatch(api: Api, batchType: string): Promise<Json> {
  const reply = await api.post('/async_batches', { batch_type: batchType });
  if (reply.status !== 201) throw new Error(`batch create failed: ${reply.status} ${reply.text}`);
  return reply.body.async_batch;
}

async function addTasks(api: Api, batchId: number, bodies: Record<string, unknown>[]): Promise<Json[]> {
  const reply = await api.post(`/async_batches/${batchId}/tasks`, {
    tasks: bodies.map((body) => ({ body })),
  });
  if (reply.status !== 201) throw new Error(`tasks add failed: ${reply.status} ${reply.text}`);
  return reply.body.async_batch_tasks;
}

async function tasksOf(api: Api, batchId: number): Promise<Json[]> {
  return (await api.get(`/async_batches/${batchId}/tasks`, { query: { limit: 250 } })).body.async_batch_tasks;
}

describe('async batches (2021-11)', () => {
  it('creates, retrieves and refuses unknown batch types', async () => {
    const { api } = await store();
    const created = await api.post('/async_batches', { batch_type: 'discount_create' });
    expect(created.status).toBe(201);
    expect(created.body.async_batch).toEqual({
      id: expect.any(Number),
      batch_type: 'discount_create',
      closed_at: null,
      created_at: '2025-01-15T12:00:00+00:00',
      fail_task_count: 0,
      status: 'not_started',
      submitted_at: null,
      success_task_count: 0,
      total_task_count: 0,
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    const id = created.body.async_batch.id;
    expect((await api.get(`/async_batches/${id}`)).body.async_batch).toEqual(created.body.async_batch);
    expect((await api.get('/async_batches/1')).status).toBe(404);
    expect((await api.get('/async_batches/abc')).body).toEqual({ errors: 'Not Found' });

    const unknown = await api.post('/async_batches', { batch_type: 'subscription_cancel' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.batch_type[0]).toMatch(/^Must be one of: discount_create, /);
    expect((await api.post('/async_batches', {})).body).toEqual({
      errors: { batch_type: ['Missing data for required field.'] },
    });
  });

  it('runs nothing before process, then runs each task through its endpoint', async () => {
    const { api } = await store();
    const batch = await createBatch(api, 'discount_create');
    const added = await addTasks(api, batch.id, [
      discountBody('SPRING10'),
      discountBody('BAD', { value: '150' }),
      discountBody('SPRING10'),
      discountBody('FIXED5', { discount_type: 'fixed_amount', value: '5' }),
    ]);
    expect(added).toHaveLength(4);
    expect(added[0]).toEqual({
      id: expect.any(Number),
      batch_id: batch.id,
      body: discountBody('SPRING10'),
      completed_at: null,
      queued_at: null,
      result: null,
      started_at: null,
      status: 'pending',
    });

    // Nothing is attempted before submission (spec: Async batch workflow 3).
    expect((await api.get('/discounts')).body.discounts).toEqual([]);
    expect((await api.get(`/async_batches/${batch.id}`)).body.async_batch).toMatchObject({
      status: 'not_started',
      total_task_count: 4,
    });
    expect((await tasksOf(api, batch.id)).map((task) => task.status)).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);

    const processed = await api.post(`/async_batches/${batch.id}/process`);
    expect(processed.status).toBe(200);
    expect(processed.body.async_batch).toMatchObject({
      status: 'completed',
      total_task_count: 4,
      success_task_count: 2,
      fail_task_count: 2,
      submitted_at: '2025-01-15T12:00:00+00:00',
      closed_at: '2025-01-15T12:00:00+00:00',
    });

    const tasks = await tasksOf(api, batch.id);
    expect(tasks.map((task) => [task.status, task.result.status_code])).toEqual([
      ['success', 201],
      ['failed', 422],
      ['failed', 422],
      ['success', 201],
    ]);
    expect(tasks[0]).toMatchObject({
      queued_at: '2025-01-15T12:00:00+00:00',
      started_at: '2025-01-15T12:00:00+00:00',
      completed_at: '2025-01-15T12:00:00+00:00',
    });
    // The result is the body of the single request: the discount as POST /discounts answers it.
    const spring = (await api.get('/discounts', { query: { discount_code: 'SPRING10' } })).body.discounts[0];
    expect(tasks[0].result.output).toEqual({ discount: spring });
    expect(tasks[1].result.output).toEqual({
      errors: { value: ['A percentage must be between 0 and 100.'] },
    });
    expect(tasks[2].result.output).toEqual({
      errors: { code: ['A discount with this code already exists.'] },
    });
    expect((await api.get('/discounts')).body.discounts.map((d: Json) => d.code)).toEqual([
      'FIXED5',
      'SPRING10',
    ]);

    const events = (await api.get('/events', { query: { sort_by: 'id-asc' } })).body.events;
    expect(events.map((e: Json) => `${e.object_type}/${e.verb}`)).toEqual([
      'discount/created',
      'discount/created',
      'async_batch/processed',
    ]);
    expect(events[2]).toMatchObject({
      object_id: batch.id,
      custom_attributes: {
        batch_type: 'discount_create',
        status: 'completed',
        success_task_count: 2,
        fail_task_count: 2,
      },
      source: { origin: 'api' },
    });
  });

  it('updates and deletes discounts: the body carries the id', async () => {
    const { api } = await store();
    const a = (await api.post('/discounts', discountBody('A10'))).body.discount;
    const b = (await api.post('/discounts', discountBody('B10', { status: 'fully_disabled' }))).body.discount;

    const updates = await createBatch(api, 'discount_update');
    await addTasks(api, updates.id, [
      { id: a.id, status: 'disabled' },
      { id: 1, status: 'disabled' },
      { status: 'disabled' },
      { id: 'x', status: 'disabled' },
    ]);
    expect((await api.post(`/async_batches/${updates.id}/process`)).body.async_batch).toMatchObject({
      status: 'completed',
      success_task_count: 1,
      fail_task_count: 3,
    });
    const results = (await tasksOf(api, updates.id)).map((task) => task.result);
    expect(results[0].status_code).toBe(200);
    expect(results[0].output.discount).toMatchObject({ id: a.id, status: 'disabled' });
    expect(results.slice(1)).toEqual([
      { status_code: 404, output: { errors: 'Not Found' } },
      { status_code: 422, output: { errors: { id: ['Missing data for required field.'] } } },
      { status_code: 422, output: { errors: { id: ['Not a valid number.'] } } },
    ]);

    const deletes = await createBatch(api, 'discount_delete');
    await addTasks(api, deletes.id, [{ id: b.id }, { id: a.id }]);
    await api.post(`/async_batches/${deletes.id}/process`);
    expect((await tasksOf(api, deletes.id)).map((task) => task.result)).toEqual([
      // 2021-11 answers a delete with 204 and no body.
      { status_code: 204, output: null },
      {
        status_code: 422,
        output: { errors: { status: ['Only a fully_disabled discount can be deleted.'] } },
      },
    ]);
    expect((await api.get('/discounts')).body.discounts.map((d: Json) => d.id)).toEqual([a.id]);
  });

  it('creates, updates and deletes plans through plans-bulk of the product in the body', async () => {
    const { api } = await store();
    const product = await createProduct(api);
    const id = product.external_product_id;
    const plan = { type: 'onetime', title: 'Once' };

    const creates = await createBatch(api, 'bulk_plans_create');
    await addTasks(api, creates.id, [
      { external_product_id: id, plans: [plan, { ...plan, title: 'Twice', sort_order: 1 }] },
      { external_product_id: 'missing', plans: [plan] },
      { external_product_id: id, plans: [{ title: 'no type' }] },
    ]);
    await api.post(`/async_batches/${creates.id}/process`);
    const created = await tasksOf(api, creates.id);
    expect(created.map((task) => task.result.status_code)).toEqual([201, 404, 422]);
    const [once, twice] = created[0].result.output.plans;
    expect([once.title, twice.title]).toEqual(['Once', 'Twice']);
    expect(created[2].result.output).toEqual({
      errors: { plans: { 0: { type: ['Missing data for required field.'] } } },
    });

    const updates = await createBatch(api, 'bulk_plans_update');
    await addTasks(api, updates.id, [
      { external_product_id: { ecommerce: id }, plans: [{ id: once.id, title: 'Just once' }] },
    ]);
    await api.post(`/async_batches/${updates.id}/process`);
    expect((await tasksOf(api, updates.id))[0].result).toMatchObject({
      status_code: 200,
      output: { plans: [{ id: once.id, title: 'Just once' }] },
    });

    const deletes = await createBatch(api, 'bulk_plans_delete');
    await addTasks(api, deletes.id, [{ external_product_id: id, plans: [{ id: twice.id }] }, { plans: [] }]);
    await api.post(`/async_batches/${deletes.id}/process`);
    expect((await tasksOf(api, deletes.id)).map((task) => task.result)).toEqual([
      { status_code: 204, output: null },
      {
        status_code: 422,
        output: { errors: { external_product_id: ['Missing data for required field.'] } },
      },
    ]);
    expect((await api.get('/plans')).body.plans.map((p: Json) => p.id)).toEqual([once.id]);
  });

  it('adds and deletes one-time items on the queued charge of their address', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const onetime = {
      address_id: addressId,
      next_charge_scheduled_at: '2025-02-01',
      external_variant_id: { ecommerce: 'var-mug' },
      product_title: 'Mug',
      price: '12.00',
      quantity: 1,
    };
    const creates = await createBatch(api, 'onetime_create');
    await addTasks(api, creates.id, [onetime, { ...onetime, next_charge_scheduled_at: '2024-01-01' }]);
    expect(await queuedCharges(api, addressId)).toEqual([]);
    await api.post(`/async_batches/${creates.id}/process`);
    const [made, refused] = await tasksOf(api, creates.id);
    expect(made.result.status_code).toBe(201);
    expect(refused.result.status_code).toBe(422);
    const [charge] = await queuedCharges(api, addressId);
    expect(charge.line_items.map((line: Json) => line.title)).toEqual(['Mug']);
    expect((await api.get('/events', { query: { object_type: 'onetime' } })).body.events).toHaveLength(1);

    const deletes = await createBatch(api, 'onetime_delete');
    await addTasks(api, deletes.id, [{ id: made.result.output.onetime.id }]);
    const processed = await api.post(`/async_batches/${deletes.id}/process`);
    expect(processed.body.async_batch).toMatchObject({ status: 'completed', success_task_count: 1 });
    expect(await queuedCharges(api, addressId)).toEqual([]);
  });

  it('collides with a concurrent write to the same address like a second request (409)', async () => {
    const { api } = await store({ settings: { write_latency_ms: 200 } });
    const { addressId } = await createCustomerWithAddress(api);
    const onetime = {
      address_id: addressId,
      next_charge_scheduled_at: '2025-02-01',
      external_variant_id: { ecommerce: 'var-mug' },
      product_title: 'Mug',
      price: '12.00',
      quantity: 1,
    };
    const batch = await createBatch(api, 'onetime_create');
    await addTasks(api, batch.id, [onetime]);
    const [direct, processed] = await Promise.all([
      api.post('/onetimes', onetime),
      api.post(`/async_batches/${batch.id}/process`),
    ]);
    const [task] = await tasksOf(api, batch.id);
    // Whichever came second found the address held.
    expect([direct.status, task.result.status_code].sort()).toEqual([201, 409]);
    if (task.result.status_code === 409) {
      expect(task.result.output).toEqual({ error: 'A call to this route is already in progress.' });
      expect(processed.body.async_batch.status).toBe('failed');
    }
  });

  it('fails a task whose endpoint needs a scope the submitting token lacks, with the 403 body', async () => {
    const s = await store();
    const batcher = await s.control.createToken({ name: 'batches', scopes: ['write_batches'] });
    const api = s.api.with({ token: batcher.token });
    const batch = await createBatch(api, 'discount_create');
    await addTasks(api, batch.id, [discountBody('NOPE')]);
    const processed = await api.post(`/async_batches/${batch.id}/process`);
    // No task succeeded: the batch is failed (decision 0012).
    expect(processed.body.async_batch).toMatchObject({
      status: 'failed',
      success_task_count: 0,
      fail_task_count: 1,
    });
    expect((await tasksOf(api, batch.id))[0].result).toEqual({
      status_code: 403,
      output: {
        error:
          'Insufficient permissions (scopes) for this object: the token needs the write_discounts scope.',
      },
    });
    expect((await s.api.get('/discounts')).body.discounts).toEqual([]);

    // The batch endpoints themselves need write_batches / read_batches.
    const reader = await s.control.createToken({ name: 'reader', scopes: ['read_batches'] });
    const readOnly = s.api.with({ token: reader.token });
    expect((await readOnly.get(`/async_batches/${batch.id}`)).status).toBe(200);
    expect((await readOnly.get(`/async_batches/${batch.id}/tasks`)).status).toBe(200);
    const refused = await readOnly.post('/async_batches', { batch_type: 'discount_create' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('write_batches');
    expect((await readOnly.post(`/async_batches/${batch.id}/process`)).status).toBe(403);
    const stranger = await s.control.createToken({ name: 'none', scopes: ['read_customers'] });
    expect((await s.api.get('/async_batches', { token: stranger.token })).body.error).toContain(
      'read_batches',
    );
  });

  it('takes at most 1,000 tasks per request and 10,000 per batch, and none once submitted', async () => {
    const { api } = await store();
    const batch = await createBatch(api, 'discount_create');
    const bodies = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({ body: discountBody(`CODE${from + i}`) }));

    const tooMany = await api.post(`/async_batches/${batch.id}/tasks`, { tasks: bodies(0, 1_001) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toEqual({ errors: { tasks: ['At most 1,000 tasks can be added per request.'] } });
    for (let i = 0; i < 10; i++) {
      const reply = await api.post(`/async_batches/${batch.id}/tasks`, { tasks: bodies(i * 1_000, 1_000) });
      expect(reply.status).toBe(201);
    }
    const full = await api.post(`/async_batches/${batch.id}/tasks`, { tasks: bodies(10_000, 1) });
    expect(full.status).toBe(422);
    expect(full.body).toEqual({
      errors: { tasks: ['A batch holds at most 10,000 tasks; this one has 10,000 and the request adds 1.'] },
    });
    expect((await api.get(`/async_batches/${batch.id}`)).body.async_batch.total_task_count).toBe(10_000);

    // Pages of tasks in the order they were added, with cursors.
    const first = await api.get(`/async_batches/${batch.id}/tasks`, { query: { limit: 250 } });
    expect(first.body.async_batch_tasks).toHaveLength(250);
    expect(first.body.async_batch_tasks[0].body.code).toBe('CODE0');
    const second = await api.get(`/async_batches/${batch.id}/tasks`, {
      query: { cursor: first.body.next_cursor, limit: 250 },
    });
    expect(second.body.async_batch_tasks[0].body.code).toBe('CODE250');
    expect(second.body.previous_cursor).toEqual(expect.any(String));

    const small = await createBatch(api, 'discount_create');
    expect((await api.post(`/async_batches/${small.id}/process`)).body).toEqual({
      errors: { tasks: ['The batch has no tasks to process.'] },
    });
    await addTasks(api, small.id, [discountBody('ONLY')]);
    expect((await api.post(`/async_batches/${small.id}/process`)).status).toBe(200);
    const late = await api.post(`/async_batches/${small.id}/tasks`, { tasks: bodies(0, 1) });
    expect(late.status).toBe(422);
    expect(late.body.errors.status).toEqual([
      'The batch was already submitted for processing (status completed); it takes no more tasks and runs once.',
    ]);
    expect((await api.post(`/async_batches/${small.id}/process`)).status).toBe(422);
    expect((await api.post(`/async_batches/${small.id}/tasks`, { tasks: [{ body: [] }] })).body).toEqual({
      errors: { tasks: { 0: { body: ['Not a valid mapping type.'] } } },
    });
  });

  it('lists batches newest first, sorts by created_at and filters by type and status', async () => {
    const s = await store();
    const { api } = s;
    const a = await createBatch(api, 'discount_create');
    await s.control.advanceClock({ hours: 1 });
    const b = await createBatch(api, 'onetime_create');
    await s.control.advanceClock({ hours: 1 });
    const c = await createBatch(api, 'discount_create');
    await addTasks(api, c.id, [discountBody('C1')]);
    await api.post(`/async_batches/${c.id}/process`);

    const ids = async (query: Record<string, string | number>) =>
      (await api.get('/async_batches', { query })).body.async_batches.map((batch: Json) => batch.id);
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ sort_by: 'created_at-asc' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ batch_type: 'discount_create' })).toEqual([c.id, a.id]);
    expect(await ids({ status: 'completed' })).toEqual([c.id]);
    expect(await ids({ created_at_min: '2025-01-15T13:00:00Z' })).toEqual([c.id, b.id]);
    expect((await api.get('/async_batches', { query: { sort_by: 'updated_at-asc' } })).status).toBe(422);

    const page = await api.get('/async_batches', { query: { limit: 2 } });
    expect(page.body.async_batches.map((batch: Json) => batch.id)).toEqual([c.id, b.id]);
    const next = await api.get('/async_batches', { query: { cursor: page.body.next_cursor } });
    expect(next.body.async_batches.map((batch: Json) => batch.id)).toEqual([a.id]);
    expect(next.body.next_cursor).toBeNull();
  });
});

describe('async batches (2021-01)', () => {
  it('serves the same workflow with 2021-01 timestamps and Link pages; tasks run as 2021-11', async () => {
    const { api } = await store({ version: '2021-01' });
    const created = await api.post('/async_batches', { batch_type: 'discount_create' });
    expect(created.status).toBe(200);
    const batch = created.body.async_batch;
    expect(batch.created_at).toBe('2025-01-15T12:00:00');
    const added = await api.post(`/async_batches/${batch.id}/tasks`, {
      tasks: [{ body: discountBody('OLD1') }, { body: discountBody('OLD2') }, { body: discountBody('OLD3') }],
    });
    expect(added.status).toBe(200);
    const processed = await api.post(`/async_batches/${batch.id}/process`);
    expect(processed.body.async_batch).toMatchObject({
      status: 'completed',
      submitted_at: '2025-01-15T12:00:00',
      closed_at: '2025-01-15T12:00:00',
    });
    const page = await api.get(`/async_batches/${batch.id}/tasks`, { query: { limit: 2 } });
    expect(page.body.async_batch_tasks).toHaveLength(2);
    expect(page.body.next_cursor).toBeUndefined();
    expect(page.headers.get('Link')).toMatch(/page_info=.+rel="next"/);
    const [task] = page.body.async_batch_tasks;
    expect(task.completed_at).toBe('2025-01-15T12:00:00');
    // The result is the 2021-11 answer of POST /discounts (201, offset timestamps).
    expect(task.result.status_code).toBe(201);
    expect(task.result.output.discount.created_at).toBe('2025-01-15T12:00:00+00:00');
    const list = await api.get('/async_batches', { query: { limit: 1 } });
    expect(list.body.async_batches).toHaveLength(1);
  });
});
