/**
 * The page's chart warm-up (renderer/src/charts/warm.ts): its chart meets every font the app's charts use —
 * each size of WARM_FONT_PX in bold (a title) and plain (its subtext), in the charts' family — so zrender's first
 * measure of each font happens at page load, not in the Results screen's first drawing (issue 27).
 */
import { describe, expect, it } from 'vitest';
import { WARM_FONT_PX, warmOption } from '../../renderer/src/charts/warm';
import { FONT } from '../../core/charts/types';

describe('warmOption', () => {
  it('has a title in each font size the charts use, in their font family', () => {
    const option = warmOption() as { textStyle: typeof FONT; title: { textStyle: { fontSize: number }; subtextStyle: { fontSize: number } }[] };
    expect(option.textStyle.fontFamily).toBe(FONT.fontFamily);
    expect(option.title.map((t) => t.textStyle.fontSize)).toEqual(WARM_FONT_PX);
    expect(option.title.map((t) => t.subtextStyle.fontSize)).toEqual(WARM_FONT_PX);
    for (const px of [10, 11, 12, 14]) expect(WARM_FONT_PX).toContain(px);
  });
});
