import { createRoute, z } from '@hono/zod-openapi';
import { describe, expect, test } from 'vitest';
import { createRouter } from '../src/routes/router';

// Routers parse parameters and JSON bodies synchronously behind the validator's asynchronous call; what they
// accept, refuse and document must be what the declared schemas say.
describe('route validation', () => {
  const body = <Schema extends z.ZodType>(schema: Schema) => ({ required: true, content: { 'application/json': { schema } } });
  const plain = createRoute({
    method: 'post',
    path: '/plain/{id}',
    request: { params: z.object({ id: z.coerce.number().int() }), query: z.object({ flag: z.enum(['yes', 'no']).optional() }), body: body(z.object({ name: z.string().min(1) })) },
    responses: { 200: { description: 'ok' } },
  });
  const asynchronous = createRoute({
    method: 'post',
    path: '/async',
    request: { body: body(z.object({ name: z.string().transform(async (name) => (await Promise.resolve(name)).toUpperCase()) })) },
    responses: { 200: { description: 'ok' } },
  });
  const router = createRouter();
  router.openapi(plain, (c) => c.json({ id: c.req.valid('param').id, flag: c.req.valid('query').flag ?? null, name: c.req.valid('json').name }, 200));
  router.openapi(asynchronous, (c) => c.json({ name: c.req.valid('json').name }, 200));
  const post = (path: string, json: unknown) => router.request(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(json) });

  test('valid input arrives parsed, invalid input gets the validation hook 400 naming the field', async () => {
    const ok = await post('/plain/7?flag=yes', { name: 'a', extra: 1 });
    expect(await ok.json()).toEqual({ id: 7, flag: 'yes', name: 'a' });
    const badBody = await post('/plain/7', { name: '' });
    expect(badBody.status).toBe(400);
    expect(((await badBody.json()) as { path: unknown }).path).toEqual(['json', 'name']);
    const badParam = await post('/plain/x', { name: 'a' });
    expect(badParam.status).toBe(400);
    expect(((await badParam.json()) as { path: unknown }).path).toEqual(['param', 'id']);
    const badQuery = await post('/plain/7?flag=maybe', { name: 'a' });
    expect(((await badQuery.json()) as { path: unknown }).path).toEqual(['query', 'flag']);
  });

  test('a schema with an asynchronous part is parsed asynchronously', async () => {
    expect(await (await post('/async', { name: 'ann' })).json()).toEqual({ name: 'ANN' });
    expect((await post('/async', { name: 3 })).status).toBe(400);
  });

  test('the document lists the routes with their declared schemas', () => {
    const document = router.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(['/async', '/plain/{id}']);
    const operation = document.paths?.['/plain/{id}']?.post;
    expect(operation?.parameters?.map((parameter) => ('name' in parameter ? parameter.name : undefined)).sort()).toEqual(['flag', 'id']);
    expect(JSON.stringify(operation?.requestBody)).toContain('"minLength":1');
  });
});
