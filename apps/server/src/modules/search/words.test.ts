import { describe, expect, it } from 'vitest';
import { splitWords } from './words.ts';

describe('splitWords', () => {
  it('splits Chinese into dictionary words, joins runs of single characters and drops a lone one', () => {
    expect(splitWords(['糖尿病护理'])).toEqual(['糖尿病', '护理']);
    expect(splitWords(['休克补液'])).toEqual(['休克', '补液']);
    expect(splitWords(['心肺复苏按压深度'])).toEqual(['心肺', '复苏', '按压', '深度']);
    expect(splitWords(['胰岛素的保存方法'])).toEqual(['胰岛素', '保存', '方法']);
  });

  it('keeps Latin words, splits each word of several, keeps each once, at most five', () => {
    expect(splitWords(['insulin注射', '注射'])).toEqual(['insulin', '注射']);
    expect(splitWords(['高血压病人的饮食指导', '急性心肌梗死'])).toEqual(['高血压', '病人', '饮食', '指导', '急性']);
  });

  it('is null when splitting changes nothing', () => {
    expect(splitWords(['护理'])).toBeNull();
    expect(splitWords(['高血压', '护理'])).toBeNull();
    expect(splitWords(['ABC'])).toBeNull();
    expect(splitWords(['的'])).toBeNull();
  });
});
