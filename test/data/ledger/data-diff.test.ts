import { describe, expect, it } from 'vitest';
import { DataDiff } from '../../../src/data/ledger/data-diff.js';
import { encodeLedger, entryLine, readLedger, EMPTY_LEDGER_TABLE } from '../../../src/data/ledger/ledger-codec.js';
import { DELETE_HASH } from '../../../src/data/validate/content-hash.js';
import { idHash } from '../../../src/data/validate/id-set.js';
import { recordKinds } from '../../../src/data/validate/record-kinds.js';

const KINDS = recordKinds({
  label: 'x',
  languages: ['en', 'sv'],
  contentTypes: { Page: { contentType: [], properties: {} }, Post: { contentType: [], properties: {} } },
});
const PAGE = KINDS.typeNamed('Page');
const EN = KINDS.languageOf('en');
const SV = KINDS.languageOf('sv');

type Pushed = [language: string, id: string, content: number, type?: string];

function ledgerOf(items: readonly Pushed[]) {
  return readLedger(
    encodeLedger(
      items.map(([language, id, content, type]) => {
        const [keyA, keyB] = idHash(language, id);
        const isDelete = content < 0;
        return { keyA, keyB, content: isDelete ? DELETE_HASH[0] : content, line: entryLine({ language, id, type: type ?? (isDelete ? '' : 'Page') }) };
      }),
    ),
  );
}

/** Feeds records as the validation pass would: [language, id, content (negative: a delete line), line]. */
function diffOf(ledger: ReturnType<typeof ledgerOf>, records: ReadonlyArray<[string, string, number, number]>) {
  const diff = new DataDiff(KINDS, ledger);
  for (const [language, id, content, line] of records) {
    const [a, b] = idHash(language, id);
    const [c, d] = content < 0 ? DELETE_HASH : [content, 7];
    diff.record(a, b, c, d, content < 0 ? 0 : PAGE, language === 'en' ? EN : SV, 'f.ndjson', line);
  }
  return diff.outcome();
}

describe('comparing declared records with the ledger', () => {
  it.each<
    [string, Pushed[], Array<[string, string, number, number]>, { add: number; change: number; deleteLines: number; removed: number; unchanged: number }]
  >([
    [
      'nothing recorded: every record is added',
      [],
      [
        ['en', 'a', 1, 2],
        ['sv', 'a', 1, 4],
      ],
      { add: 2, change: 0, deleteLines: 0, removed: 0, unchanged: 0 },
    ],
    [
      'the same records: nothing to send',
      [
        ['en', 'a', 1],
        ['sv', 'b', 2],
      ],
      [
        ['en', 'a', 1, 2],
        ['sv', 'b', 2, 4],
      ],
      { add: 0, change: 0, deleteLines: 0, removed: 0, unchanged: 2 },
    ],
    ['another content: changed', [['en', 'a', 1]], [['en', 'a', 9, 2]], { add: 0, change: 1, deleteLines: 0, removed: 0, unchanged: 0 }],
    ['the same id in another language is another item', [['en', 'a', 1]], [['sv', 'a', 1, 2]], { add: 1, change: 0, deleteLines: 0, removed: 1, unchanged: 0 }],
    [
      'a record no file holds: removed',
      [
        ['en', 'a', 1],
        ['en', 'b', 2],
      ],
      [['en', 'a', 1, 2]],
      { add: 0, change: 0, deleteLines: 0, removed: 1, unchanged: 1 },
    ],
    ['a delete line for a pushed item', [['en', 'a', 1]], [['en', 'a', -1, 1]], { add: 0, change: 0, deleteLines: 1, removed: 0, unchanged: 0 }],
    ['a delete line already sent', [['en', 'a', -1]], [['en', 'a', -1, 1]], { add: 0, change: 0, deleteLines: 0, removed: 0, unchanged: 1 }],
    [
      'a sent delete line taken out of the file: nothing to delete again',
      [['en', 'a', -1]],
      [],
      { add: 0, change: 0, deleteLines: 0, removed: 0, unchanged: 0 },
    ],
  ])('%s', (_, pushed, records, want) => {
    const outcome = diffOf(pushed.length === 0 ? EMPTY_LEDGER_TABLE : ledgerOf(pushed), records);
    expect({
      add: outcome.added.length,
      change: outcome.changed.length,
      deleteLines: outcome.deleteLines.length,
      removed: outcome.removed.length,
      unchanged: outcome.unchanged.length,
    }).toEqual(want);
  });

  it('counts per content type and language, the removed ones by the type the ledger recorded', () => {
    const outcome = diffOf(
      ledgerOf([
        ['en', 'a', 1],
        ['sv', 'p', 3, 'Post'],
      ]),
      [
        ['en', 'a', 2, 2],
        ['en', 'n', 1, 4],
      ],
    );
    expect(outcome.counts).toEqual([
      { type: 'Page', language: 'en', add: 1, change: 1, delete: 0 },
      { type: 'Post', language: 'sv', add: 0, change: 0, delete: 1 },
    ]);
    expect(outcome.changed[0]).toMatchObject({ file: 'f.ndjson', line: 2, type: 'Page', language: 'en' });
  });

  it('fingerprints the records whatever their order, and tells other content apart', () => {
    const records: Array<[string, string, number, number]> = [
      ['en', 'a', 1, 2],
      ['sv', 'b', 2, 4],
      ['en', 'c', 3, 6],
    ];
    const digest = diffOf(EMPTY_LEDGER_TABLE, records).digest;
    expect(diffOf(EMPTY_LEDGER_TABLE, [...records].reverse()).digest).toBe(digest);
    expect(
      diffOf(EMPTY_LEDGER_TABLE, [
        ['en', 'a', 1, 2],
        ['sv', 'b', 2, 4],
        ['en', 'c', 4, 6],
      ]).digest,
    ).not.toBe(digest);
    expect(diffOf(EMPTY_LEDGER_TABLE, records.slice(0, 2)).digest).not.toBe(digest);
  });
});
