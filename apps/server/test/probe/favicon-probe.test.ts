import { describe, expect, it } from 'vitest';
import { bearer, createTeam, signUp, useTestApp } from '../test-app';

// A client-supplied meta.favicon is stored as sent: its bytes are never sniffed, so the
// "PNG, GIF, JPEG, ICO or WebP by their bytes" rule of the fetched favicon does not hold for it.
describe('probe: a favicon sent by the client', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false });

  it('is not stored unless its bytes are the image type it names', async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner, 'Favicon Team');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"></svg>',
    ).toString('base64');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: {
        name: 'Lamp page',
        ingestedUrl: 'https://lamps.example.com/lamp',
        meta: {
          // An address the guard refuses, so nothing is fetched either way.
          faviconUrl: 'http://127.0.0.1:9/icon.png',
          favicon: `data:image/png;base64,${svg}`,
          requestedUrl: 'https://lamps.example.com/lamp',
          finalUrl: 'https://lamps.example.com/lamp',
          stats: { htmlBytes: 1, elementCount: 1, loadMs: 1 },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const saved = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/by-id?id=${id}`,
      headers: bearer(owner),
    });
    expect(saved.json<{ meta: { favicon?: string } }>().meta.favicon).toBeUndefined();
  });
});
