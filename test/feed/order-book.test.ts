/** The order book: exact decimal keys, snapshots and updates, removal at zero, spread, depth, and no update across a gap. */
import { describe, expect, it } from 'vitest';
import { compareDecimals, normalizeDecimal, OrderBook, subtractDecimals } from '../../templates/runtime/src/index.js';

const level = (side: 'bid' | 'offer', price: string, quantity: string) => ({ side, price_level: price, new_quantity: quantity });

describe('decimals', () => {
  it('compare and subtract exactly, and treat equal values written differently as one', () => {
    expect(normalizeDecimal('100.10')).toBe('100.1');
    expect(normalizeDecimal('-0.000')).toBe('0');
    expect(compareDecimals('0.1', '0.10000000000000000001')).toBe(-1);
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('65000.01', '64999.99')).toBe('0.02');
  });
});

describe('normalizeDecimal', () => {
  it.each([
    ['100.10', '100.1'],
    ['0100.0', '100'],
    ['-0.000', '0'],
    ['.5', '0.5'],
    ['-12.340', '-12.34'],
    ['0.00000000', '0'],
    [' 7 ', '7'],
  ])('%s -> %s', (text, normal) => expect(normalizeDecimal(text)).toBe(normal));

  it('refuses what is not a decimal string', () => {
    for (const text of ['1e5', 'abc', '1.2.3', '--1']) expect(() => normalizeDecimal(text), text).toThrow(TypeError);
  });
});

describe('OrderBook', () => {
  it('orders prices exactly beyond what a double tells apart (more than 15 significant digits)', () => {
    const book = new OrderBook('X');
    // Both are 0.1 as doubles; only the exact comparison orders them.
    const near = ['0.10000000000000000001', '0.1000000000000000000099', '0.1'];
    book.applySnapshot(near.map((price) => ({ side: 'bid', price_level: price, new_quantity: '1' })));
    expect(book.levels().bids.map((l) => l.price)).toEqual(['0.10000000000000000001', '0.1000000000000000000099', '0.1']);
    book.applyUpdates([{ side: 'bid', price_level: '0.100000000000000000010', new_quantity: '0' }]);
    expect(book.levels().bids.map((l) => l.price)).toEqual(['0.1000000000000000000099', '0.1']);
  });

  it('applies a snapshot and updates, removes a level at zero, and keeps sides sorted', () => {
    const book = new OrderBook('BTC-USD');
    book.applySnapshot([level('bid', '100.0', '1'), level('bid', '99.5', '2'), level('offer', '100.5', '3'), level('offer', '101', '4')]);
    book.applyUpdates([level('bid', '100.00', '5'), level('offer', '100.5', '0'), level('bid', '99.75', '0.1')]);
    expect(book.levels()).toEqual({
      bids: [
        { price: '100', size: '5' },
        { price: '99.75', size: '0.1' },
        { price: '99.5', size: '2' },
      ],
      asks: [{ price: '101', size: '4' }],
    });
    expect(book.bestBid()).toEqual({ price: '100', size: '5' });
    expect(book.bestAsk()).toEqual({ price: '101', size: '4' });
    expect(book.spread()).toBe('1');
    expect(book.depth(1)).toEqual({ bids: [{ price: '100', size: '5' }], asks: [{ price: '101', size: '4' }] });
  });

  it('refuses updates after a gap until the next snapshot', () => {
    const book = new OrderBook('ETH-USD');
    expect(book.applyUpdates([level('bid', '1', '1')])).toBe(false);
    book.applySnapshot([level('bid', '1', '1')]);
    book.invalidate();
    expect(book.applyUpdates([level('bid', '2', '1'), level('offer', '3', '1')])).toBe(false);
    expect(book.refused).toBe(3);
    expect(book.levels().bids).toEqual([{ price: '1', size: '1' }]);
    book.applySnapshot([level('offer', '3', '2')]);
    expect(book.levels()).toEqual({ bids: [], asks: [{ price: '3', size: '2' }] });
  });
});

describe('OrderBook as an external store (useSyncExternalStore)', () => {
  it('hands out one snapshot object until the book changes, and tells its listeners of each change', () => {
    const book = new OrderBook('BTC-USD');
    const { onChange, getSnapshot } = book;
    let calls = 0;
    const stop = onChange(() => calls++);
    const empty = getSnapshot();
    expect(empty).toMatchObject({ productId: 'BTC-USD', synced: false, bids: [], asks: [], bestBid: undefined });
    expect(getSnapshot()).toBe(empty);
    // Updates before a snapshot are refused: nothing changed, nobody is told.
    book.applyUpdates([level('bid', '100', '1')]);
    expect([calls, getSnapshot()]).toEqual([0, empty]);
    book.applySnapshot([level('bid', '100', '1'), level('offer', '101', '2')]);
    const first = getSnapshot();
    expect(calls).toBe(1);
    expect(first).not.toBe(empty);
    expect(first).toMatchObject({ synced: true, spread: '1', bestBid: { price: '100' }, bestAsk: { price: '101' } });
    expect(getSnapshot()).toBe(first);
    book.applyUpdates([level('bid', '100.5', '3')]);
    expect(calls).toBe(2);
    expect(getSnapshot().bids.map((l) => l.price)).toEqual(['100.5', '100']);
    // The earlier snapshot is untouched: a view compares objects, not contents.
    expect(first.bids.map((l) => l.price)).toEqual(['100']);
    book.invalidate();
    book.invalidate();
    expect([calls, getSnapshot().synced]).toEqual([3, false]);
    stop();
    book.applySnapshot([]);
    expect(calls).toBe(3);
  });

  it('keeps snapshotDepth levels a side', () => {
    const book = new OrderBook('X');
    book.snapshotDepth = 2;
    book.applySnapshot(['1', '2', '3'].map((p) => level('bid', p, '1')));
    expect(book.getSnapshot().bids.map((l) => l.price)).toEqual(['3', '2']);
  });
});
