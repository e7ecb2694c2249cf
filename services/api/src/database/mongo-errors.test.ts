import { describe, expect, it } from 'vitest';
import { insertedFirst } from './mongo-errors.js';

describe('insertedFirst', () => {
  it('answers true when the insert went in, false when its key was taken, and throws any other error', async () => {
    expect(await insertedFirst(async () => ({ acknowledged: true }))).toBe(true);
    const taken = Object.assign(new Error('E11000 duplicate key error collection: t.meta index: _id_'), { code: 11000 });
    expect(await insertedFirst(() => Promise.reject(taken))).toBe(false);
    await expect(insertedFirst(() => Promise.reject(new Error('connection closed')))).rejects.toThrow('connection closed');
  });
});
