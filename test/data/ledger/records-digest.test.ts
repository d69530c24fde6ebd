import { describe, expect, it } from 'vitest';
import { DataDiff } from '../../../src/data/ledger/data-diff.js';
import { EMPTY_LEDGER_TABLE } from '../../../src/data/ledger/ledger-codec.js';
import { RecordsDigest } from '../../../src/data/ledger/records-digest.js';
import { recordKinds } from '../../../src/data/validate/record-kinds.js';
import { pushFingerprint } from '../../../src/workflows/internal/push-ledger.js';
import { sampleDefinition } from '../../helpers/emulator.js';
import { seededRandom } from '../../helpers/seeded-random.js';

describe("a push's fingerprint", () => {
  it('is the digest the data check computes for the same records, in any order, without keeping them', () => {
    const definition = sampleDefinition();
    const random = seededRandom(7);
    const word = (): number => Math.floor(random() * 0x1_0000_0000) >>> 0;
    const records = Array.from({ length: 500 }, (_, i) => [word(), word(), word(), word(), 1 + (i % 2), 1, 'data/items.ndjson', i + 1] as const);
    const diff = new DataDiff(recordKinds(definition), EMPTY_LEDGER_TABLE);
    for (const r of records) diff.record(...r);
    const fingerprint = pushFingerprint({ id: 'shop', definition, data: ['data/*.ndjson'], file: 'content-sources/shop.yaml' });
    for (const r of [...records].reverse()) fingerprint.sink.record(...r);
    expect(fingerprint.digest()).toBe(diff.outcome().digest);
    expect(fingerprint.digest()).toMatch(/^1f4-/);

    const other = new RecordsDigest();
    for (const [keyA, keyB, contentA, contentB] of records.slice(1)) other.add(keyA, keyB, contentA, contentB);
    expect(other.text(), 'one record fewer is another digest').not.toBe(fingerprint.digest());
  });
});
