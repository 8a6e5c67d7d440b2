// The anchor's two slots (api/domain/ledger/anchor-file.ts) and its late confirmation
// (anchor-confirm.ts), on files only: each write goes to the older slot; a write torn by a
// crash leaves the newer whole one read; a forged newer slot is read and found unsigned;
// an anchor written before the slots (one file, no generation) is still read; a
// committed entry is confirmed in the file before any check of this process reads it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorSlots, fresh, readAnchor, writeAnchor, type Anchor } from '../../../api/domain/ledger/anchor-file';
import { confirmLater, readConfirmedAnchor } from '../../../api/domain/ledger/anchor-confirm';
import { canonicalJson, type Canonical } from '../../../api/domain/ledger/canonical';
import { signText } from '../../../api/domain/ledger/keys';

const dir = mkdtempSync(join(tmpdir(), 'bivouac-anchor-slots-'));
const previous = process.env.DATA_DIR;
beforeAll(() => {
  process.env.DATA_DIR = dir; // the signing key is made there
});
afterAll(() => {
  process.env.DATA_DIR = previous;
  rmSync(dir, { recursive: true, force: true });
});

const raw = (slot: string) => JSON.parse(readFileSync(slot, 'utf8')) as Anchor;
const point = (seq: number) => ({ seq, hash: String(seq).padStart(64, 'a') });

function anchored(name: string, seqs: number[]): string {
  const file = join(dir, 'ledger-anchor', `${name}.fiscal.json`);
  for (const seq of seqs) {
    const a = readAnchor(file)?.anchor ?? fresh('test.public', 'fiscal');
    a.pending = point(seq);
    writeAnchor(file, a);
  }
  return file;
}

describe('two slots written in turn', () => {
  it('each write goes over the older slot; the newer is the anchor', () => {
    const file = anchored('turns', [1, 2, 3]);
    const [first, second] = anchorSlots(file);
    expect(raw(second)).toMatchObject({ gen: 3, pending: point(3) });
    expect(raw(first)).toMatchObject({ gen: 2, pending: point(2) });
    expect(readAnchor(file)).toMatchObject({ valid: true, anchor: { gen: 3, pending: point(3) } });
  });

  it('a torn write (the newer slot cut short, or empty) leaves the other slot read, signed', () => {
    const file = anchored('torn', [1, 2, 3, 4]);
    const [first] = anchorSlots(file);
    const text = readFileSync(first, 'utf8');
    writeFileSync(first, text.slice(0, text.length / 2));
    expect(readAnchor(file)).toMatchObject({ valid: true, anchor: { gen: 3, pending: point(3) } });
    writeFileSync(first, '');
    expect(readAnchor(file)).toMatchObject({ valid: true, anchor: { gen: 3 } });
    // The next write goes over the torn slot.
    const a = readAnchor(file)!.anchor;
    a.pending = point(4);
    writeAnchor(file, a);
    expect(readAnchor(file)).toMatchObject({ valid: true, anchor: { gen: 4, pending: point(4) } });
  });

  it('a forged newer slot is the one read, and found unsigned', () => {
    const file = anchored('forged', [1, 2]);
    const [, second] = anchorSlots(file);
    writeFileSync(second, JSON.stringify({ ...raw(anchorSlots(file)[0]), gen: 9, pending: point(7) }));
    expect(readAnchor(file)).toMatchObject({ valid: false, anchor: { gen: 9 } });
  });

  it('an anchor of before the slots (one file, no generation) is read; the next write goes to the second', () => {
    const file = anchored('old', [1]);
    const [first, second] = anchorSlots(file);
    // As an older version wrote it: one file, signed, no generation.
    const { gen, signature, ...before } = raw(second);
    expect([gen, typeof signature]).toEqual([1, 'string']);
    const unsigned = { ...before, signature: undefined } as unknown as Canonical;
    writeFileSync(first, JSON.stringify({ ...before, signature: signText(canonicalJson(unsigned)) }));
    rmSync(second);
    expect(readAnchor(file)).toMatchObject({ valid: true, anchor: { pending: point(1) } });
    expect(raw(first).gen).toBeUndefined();
    const a = readAnchor(file)!.anchor;
    a.pending = point(2);
    writeAnchor(file, a);
    expect(raw(second)).toMatchObject({ gen: 1, pending: point(2) });
    expect(readAnchor(file)).toMatchObject({ valid: true, anchor: { gen: 1, pending: point(2) } });
  });

  it('two slots that both fail to parse are an error, not an empty anchor', () => {
    const file = anchored('broken', [1, 2]);
    for (const slot of anchorSlots(file)) writeFileSync(slot, '{');
    expect(() => readAnchor(file)).toThrow();
  });
});

describe('a committed entry confirmed late', () => {
  it('stays pending in the file until this process reads it to check, then is confirmed', () => {
    const file = anchored('late', [1, 2]);
    confirmLater(file, point(2));
    expect(readAnchor(file)?.anchor).toMatchObject({ pending: point(2), confirmed: { seq: 0 } });
    expect(readConfirmedAnchor(file)?.anchor).toMatchObject({ pending: null, confirmed: point(2) });
    expect(readAnchor(file)).toMatchObject({ valid: true, anchor: { pending: null, confirmed: point(2) } });
  });

  it('is not confirmed when another entry was anchored since', () => {
    const file = anchored('moved', [1]);
    confirmLater(file, point(1));
    const a = readAnchor(file)!.anchor;
    a.pending = point(2);
    writeAnchor(file, a);
    expect(readConfirmedAnchor(file)?.anchor).toMatchObject({ pending: point(2), confirmed: { seq: 0 } });
  });

  it('is written by itself once no entry came for a while', async () => {
    const file = anchored('timer', [1]);
    confirmLater(file, point(1));
    await expect.poll(() => readAnchor(file)?.anchor.pending, { timeout: 2_000, interval: 20 }).toBeNull();
    expect(readAnchor(file)?.anchor.confirmed).toEqual(point(1));
  });
});
