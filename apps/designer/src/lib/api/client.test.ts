import { describe, expect, it } from 'vitest';
import { ApiClient, apiPath, basicAuthorization, errorMessageOf, withQuery } from './client';

describe('api client helpers', () => {
  it('encodes every path segment', () => {
    expect(apiPath('processes', 'fraud detection/v2')).toBe('/api/processes/fraud%20detection%2Fv2');
  });

  it('builds query strings without undefined values', () => {
    expect(withQuery('/api/processes', { isFragment: false, names: undefined })).toBe('/api/processes?isFragment=false');
    expect(withQuery('/api/processes', {})).toBe('/api/processes');
  });

  it('encodes basic credentials as UTF-8', () => {
    expect(basicAuthorization({ username: 'admin', password: 'admin' })).toBe('Basic YWRtaW46YWRtaW4=');
    expect(basicAuthorization({ username: 'zoë', password: 'p' })).toBe(`Basic ${btoa('zoÃ«:p')}`);
  });

  it('reads error messages from JSON and plain text bodies', () => {
    expect(errorMessageOf('{"message":"Scenario x not found"}', 404)).toBe('Scenario x not found');
    expect(errorMessageOf("Can't update graph archived scenario.", 409)).toBe("Can't update graph archived scenario.");
    expect(errorMessageOf('', 500)).toBe('Request failed with status 500');
  });
});

describe('ApiClient', () => {
  it('returns failures as values and sends credentials', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const client = new ApiClient(
      () => ({ username: 'writer', password: 'secret' }),
      async (input, init) => {
        seen.push({ url: String(input), init });
        return new Response('{"message":"Scenario a already exists"}', { status: 400 });
      },
    );
    const result = await client.post('/api/processes', { name: 'a', isFragment: false });
    expect(result).toEqual({ ok: false, status: 400, message: 'Scenario a already exists' });
    expect(seen[0]?.init?.method).toBe('POST');
    expect((seen[0]?.init?.headers as Record<string, string>).Authorization).toBe(basicAuthorization({ username: 'writer', password: 'secret' }));
  });

  it('parses JSON bodies and tolerates empty ones', async () => {
    const client = new ApiClient(
      () => undefined,
      async (input) => new Response(String(input).includes('empty') ? '' : '[1,2]', { status: 200 }),
    );
    expect(await client.get('/api/list')).toEqual({ ok: true, status: 200, value: [1, 2] });
    expect(await client.get('/api/empty')).toEqual({ ok: true, status: 200, value: undefined });
  });
});
