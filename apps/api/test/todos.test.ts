import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, testDb, uniqueSuffix } from './helpers.ts';
import { signedIn } from './visits-fixtures.ts';

let app: App;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await buildTestApp();
  staff = await signedIn('EMPLOYEE');
});
afterAll(() => app.close());

const post = (payload: object) => app.inject({ method: 'POST', url: '/backend/todos', headers: staff.authHeader, payload });
const list = async (query: string) =>
  (await app.inject({ method: 'GET', url: `/backend/todos?${query}`, headers: staff.authHeader })).json();
/** The page where a to-do just changed sits: active is oldest first (the last page), completed latest first. */
const tab = (name: 'active' | 'completed') =>
  list(name === 'active' ? 'tab=active&page=100000&pageSize=100' : 'tab=completed&pageSize=100');

describe('staff to-do list', () => {
  it('answers a page at a time, with the totals of both tabs; a page past the end is the last page', async () => {
    for (let index = 0; index < 12; index++)
      await post({ title: `Paged item ${index}`, description: `Batch ${uniqueSuffix().replace(/-/g, '')}` });
    const first = await list('tab=active&pageSize=10');
    expect(first.items).toHaveLength(10);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: first.counts.active, pageCount: Math.ceil(first.counts.active / 10) });
    const second = await list('tab=active&pageSize=10&page=2');
    expect(second.items.length).toBeGreaterThan(0);
    const firstIds = new Set(first.items.map((todo: { id: string }) => todo.id));
    expect(second.items.some((todo: { id: string }) => firstIds.has(todo.id))).toBe(false);
    const past = await list('tab=active&pageSize=10&page=99999');
    expect(past.page).toBe(past.pageCount);
    expect((await app.inject({ method: 'GET', url: '/backend/todos?pageSize=7', headers: staff.authHeader })).statusCode).toBe(400);
  });

  it('accepts letters of any script, digits and spaces', async () => {
    for (const title of ['Order brake pads 2', 'شراء زيت المحرك ٥ لترات', 'Appeler le carrossier à 14h']) {
      const response = await post({ title, description: `Note ${uniqueSuffix().replace(/-/g, '')}` });
      expect(response.statusCode, title).toBe(201);
      expect(response.json()).toMatchObject({ title, completed: false, completedAt: null, createdBy: { id: staff.user.id } });
    }
  });

  it.each([
    [{ title: '', description: 'Something' }, 'title', 'Title is required'],
    [{ title: 'Valid', description: '   ' }, 'description', 'Description is required'],
    [{ title: 'Call the client!', description: 'Today' }, 'title', 'Title may contain only letters and numbers'],
    [{ title: 'Valid', description: 'Use <script>' }, 'description', 'Description may contain only letters and numbers'],
  ])('rejects %j', async (payload, field, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toEqual([message]);
  });

  it('completing sets the completed date and moves it to the completed tab; reopening clears it', async () => {
    const title = `Calibrate torque wrench ${uniqueSuffix().replace(/-/g, '')}`;
    const created = (await post({ title, description: 'Yearly calibration' })).json();
    expect((await tab('active')).items.map((t: { id: string }) => t.id)).toContain(created.id);

    const done = await app.inject({
      method: 'PATCH',
      url: `/backend/todos/${created.id}/status`,
      headers: staff.authHeader,
      payload: { completed: true },
    });
    expect(done.json().completed).toBe(true);
    expect(Date.now() - new Date(done.json().completedAt).getTime()).toBeLessThan(60_000);
    const completed = await tab('completed');
    expect(completed.items.map((t: { id: string }) => t.id)).toContain(created.id);
    expect((await tab('active')).items.map((t: { id: string }) => t.id)).not.toContain(created.id);
    expect(completed.counts.completed).toBeGreaterThan(0);

    const reopened = await staff.caller.todos.setCompleted({ id: created.id, completed: false });
    expect(reopened).toMatchObject({ completed: false, completedAt: null });
    expect((await testDb().todoTask.findUniqueOrThrow({ where: { id: created.id } })).completedAt).toBeNull();
  });

  it('edits and deletes', async () => {
    const created = await staff.caller.todos.create({ title: 'Clean bay', description: 'Before Friday' });
    const edited = await app.inject({
      method: 'PUT',
      url: `/backend/todos/${created.id}`,
      headers: staff.authHeader,
      payload: { title: 'Clean bay two', description: 'Before Friday noon' },
    });
    expect(edited.json()).toMatchObject({ title: 'Clean bay two', description: 'Before Friday noon' });
    expect((await app.inject({ method: 'DELETE', url: `/backend/todos/${created.id}`, headers: staff.authHeader })).statusCode).toBe(200);
    expect(await testDb().todoTask.count({ where: { id: created.id } })).toBe(0);
    expect((await app.inject({ method: 'DELETE', url: `/backend/todos/${created.id}`, headers: staff.authHeader })).statusCode).toBe(404);
  });
});
