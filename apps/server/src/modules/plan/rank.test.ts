import { WEEK_RANK_SIZE } from '@kaoshi/contract';
import { describe, expect, it } from 'vitest';
import { maskName, rankRows, type RankInput } from './rank.ts';

const row = (userId: number, gained: number, reachedAt = userId): RankInput => ({ userId, gained, reachedAt, name: `u${userId}` });

describe('maskName', () => {
  it('shows a nickname’s first character and hides the rest', () => {
    expect(maskName('小明同学', '13912345678', 7)).toBe('小**');
    expect(maskName('  Alice ', null, 7)).toBe('A**');
    expect(maskName('😀开心', null, 7)).toBe('😀**');
  });

  it('masks the middle of a phone without a nickname', () => {
    expect(maskName(null, '13912345678', 7)).toBe('139****5678');
    expect(maskName('   ', '139-1234-5678', 7)).toBe('139****5678');
  });

  it('falls back to 学员 and the last two digits of the user id', () => {
    expect(maskName(null, null, 12345)).toBe('学员45');
    expect(maskName('', '', 7)).toBe('学员07');
    // The nickname registration gives is no nickname: the phone, masked.
    expect(maskName('学员5678', '13912345678', 7)).toBe('139****5678');
    expect(maskName('学员小王', '13912345678', 7)).toBe('学**');
  });
});

describe('rankRows', () => {
  it('orders by gained; ties share a place (1, 1, 3) with the earlier to reach it first', () => {
    const { list } = rankRows([row(1, 5, 300), row(2, 9, 500), row(3, 9, 100), row(4, 2), row(5, 5, 200)], 0, 10);
    expect(list.map((r) => [r.rank, r.name, r.gained])).toEqual([
      [1, 'u3', 9],
      [1, 'u2', 9],
      [3, 'u5', 5],
      [3, 'u1', 5],
      [5, 'u4', 2],
    ]);
  });

  it('ranks nobody who gained nothing', () => {
    const r = rankRows([row(1, 0), row(2, 3), row(3, 0)], 1, 10);
    expect(r.list.map((x) => x.name)).toEqual(['u2']);
    expect(r.me).toBeNull();
  });

  it('marks my row and answers it in `me` when it is in the list', () => {
    const r = rankRows([row(1, 4), row(2, 8)], 1, 10);
    expect(r.list.map((x) => x.me)).toEqual([false, true]);
    expect(r.me).toEqual({ rank: 2, name: 'u1', gained: 4, me: true });
  });

  it('pins my row when I am below the top `size`', () => {
    const rows = Array.from({ length: 60 }, (_, i) => row(i + 1, 100 - i));
    const r = rankRows(rows, 58, WEEK_RANK_SIZE);
    expect(r.list).toHaveLength(WEEK_RANK_SIZE);
    expect(r.list.some((x) => x.me)).toBe(false);
    expect(r.me).toEqual({ rank: 58, name: 'u58', gained: 43, me: true });
  });

  it('keeps a tie’s shared place for me below the cut', () => {
    const rows = [row(1, 9), row(2, 5, 10), row(3, 5, 20), row(4, 5, 30)];
    expect(rankRows(rows, 4, 2).me).toEqual({ rank: 2, name: 'u4', gained: 5, me: true });
  });

  it('answers null for me when I have no row, and an empty list for no rows', () => {
    expect(rankRows([row(1, 3)], 9, 10).me).toBeNull();
    expect(rankRows([], 9, 10)).toEqual({ list: [], me: null });
  });
});
