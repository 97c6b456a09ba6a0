/** Strings of the wire into trees: bracket keys of forms and deepObject queries, table-tested. */
import { describe, expect, it } from 'vitest';
import { bracketTree } from '@svc/server-runtime';

describe('bracketTree', () => {
  const cases: [string, string, unknown][] = [
    ['nested keys', 'account[name]=x&account[type]=y', { account: { name: 'x', type: 'y' } }],
    ['lists by [] and by index', 'a[]=1&a[]=2&b[0]=x&b[1]=y', { a: ['1', '2'], b: ['x', 'y'] }],
    ['a repeated plain key collects its values', 'a=1&a=2&a=3', { a: ['1', '2', '3'] }],
    ['objects inside lists', 'a[0][n]=1&a[1][n]=2', { a: [{ n: '1' }, { n: '2' }] }],
    ['a huge index appends instead of making a sparse list', 'a[4294967294]=x&a[99999999]=y', { a: ['x', 'y'] }],
    ['a value given a child replaces the value', 'a[0]=x&a[0][b]=y', { a: [{ b: 'y' }] }],
  ];
  it.each(cases)('%s', (_, form, expected) => {
    expect(bracketTree(new URLSearchParams(form))).toEqual(expected);
  });

  it.each(['__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', 'a[__proto__][polluted]=yes', '__proto__=yes', 'a[0][__proto__][polluted]=yes'])(
    'keeps %s as own data and reaches no prototype',
    (form) => {
      const tree = bracketTree(new URLSearchParams(form));
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf(tree)).toBe(Object.prototype);
      const first = form.slice(0, form.search(/[[=]/));
      expect(Object.hasOwn(tree, first)).toBe(true);
      expect(JSON.stringify(tree)).toContain(first === '__proto__' ? '"__proto__"' : `"${first}"`);
    },
  );
});
