// @vitest-environment happy-dom
/**
 * The column mapper as a user drives it: roles per column, kind and missing counts shown, search, select all
 * numeric, clear, features by regular expression (and the reason for a bad one). Every change must be emitted
 * as a new Mapping; the one passed in is never mutated.
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import ColumnMapper from '../../renderer/src/components/ColumnMapper.vue';
import type { ColumnSummary, Mapping } from '../../core/table/types';
import { columnSummary, rowsMapping } from './fixtures';

function col(name: string, kind: ColumnSummary['kind'], missing = 0, distinctCount = 4): ColumnSummary {
  return columnSummary(name, kind, { missing, distinct: kind === 'text' ? ['a', 'b'] : null, distinctCount });
}

const columns: ColumnSummary[] = [
  col('MouseID', 'text', 0, 4),
  col('DYRK1A_N', 'numeric', 3),
  col('ITSN1_N', 'numeric', 0),
  col('BDNF_N', 'numeric', 1),
  col('pS6_N', 'numeric', 0),
  col('Weight', 'numeric', 2),
  col('class', 'text', 0, 2),
];

const base: Mapping = rowsMapping({
  idColumn: 'MouseID',
  annotationColumns: ['class'],
  featureColumns: ['DYRK1A_N', 'ITSN1_N', 'BDNF_N', 'pS6_N', 'Weight'],
});

function mountMapper(mapping: Mapping = base) {
  const frozen = JSON.parse(JSON.stringify(mapping)) as Mapping;
  const wrapper = mount(ColumnMapper, { props: { columns, mapping, rowCount: 4 } });
  return { wrapper, frozen };
}

function lastMapping(wrapper: ReturnType<typeof mountMapper>['wrapper']): Mapping {
  const events = wrapper.emitted('update:mapping') ?? [];
  expect(events.length).toBeGreaterThan(0);
  return events[events.length - 1]![0] as Mapping;
}

describe('ColumnMapper', () => {
  it('shows every column with its kind, missing count and current role', () => {
    const { wrapper } = mountMapper();
    const rows = wrapper.findAll('[data-testid=mapper-row]');
    expect(rows.map((r) => r.attributes('data-column'))).toEqual(columns.map((c) => c.name));
    expect(rows.map((r) => r.attributes('data-role'))).toEqual(['id', 'feature', 'feature', 'feature', 'feature', 'feature', 'annotation']);
    const dyrk = rows[1]!;
    expect(dyrk.find('.kind').text()).toBe('numeric');
    expect(dyrk.find('td.num').text()).toBe('3');
    expect(rows[0]!.find('.kind').text()).toBe('text');
    // Text columns cannot be features.
    const textOptions = rows[0]!.findAll('option').map((o) => o.attributes('value'));
    expect(textOptions).toEqual(['annotation', 'id', 'ignore']);
    expect(wrapper.get('[data-testid=mapper-counts]').text()).toContain('5 features');
  });

  it('changing a role emits a new mapping and leaves the given one untouched', async () => {
    const { wrapper, frozen } = mountMapper();
    const rows = wrapper.findAll('[data-testid=mapper-row]');
    await rows[5]!.get('select').setValue('annotation'); // Weight → annotation
    const next = lastMapping(wrapper);
    expect(next.annotationColumns).toEqual(['Weight', 'class']);
    expect(next.featureColumns).toEqual(['DYRK1A_N', 'ITSN1_N', 'BDNF_N', 'pS6_N']);
    expect(wrapper.props('mapping')).toEqual(frozen);
  });

  it('making another column the id frees the previous id column', async () => {
    const { wrapper } = mountMapper();
    await wrapper.findAll('[data-testid=mapper-row]')[6]!.get('select').setValue('id'); // class → id
    const next = lastMapping(wrapper);
    expect(next.idColumn).toBe('class');
    expect(next.annotationColumns).toEqual([]);
  });

  it('search filters the rows; "select numeric shown" adds only the shown numeric columns', async () => {
    const mapping = { ...base, featureColumns: [] };
    const { wrapper } = mountMapper(mapping);
    await wrapper.get('[data-testid=column-search]').setValue('_n');
    const shown = wrapper.findAll('[data-testid=mapper-row]').map((r) => r.attributes('data-column'));
    expect(shown).toEqual(['DYRK1A_N', 'ITSN1_N', 'BDNF_N', 'pS6_N']);
    await wrapper.get('[data-testid=select-numeric]').trigger('click');
    expect(lastMapping(wrapper).featureColumns).toEqual(['DYRK1A_N', 'ITSN1_N', 'BDNF_N', 'pS6_N']);
  });

  it('select all numeric (no search) keeps the id and annotations; clear features empties the list', async () => {
    const { wrapper } = mountMapper({ ...base, featureColumns: ['BDNF_N'] });
    await wrapper.get('[data-testid=select-numeric]').trigger('click');
    const all = lastMapping(wrapper);
    expect(all.featureColumns).toEqual(['DYRK1A_N', 'ITSN1_N', 'BDNF_N', 'pS6_N', 'Weight']);
    expect(all.idColumn).toBe('MouseID');
    expect(all.annotationColumns).toEqual(['class']);
    await wrapper.get('[data-testid=clear-features]').trigger('click');
    expect(lastMapping(wrapper).featureColumns).toEqual([]);
  });

  it('a regular expression selects exactly the matching numeric columns', async () => {
    const { wrapper } = mountMapper();
    await wrapper.get('[data-testid=feature-regex]').setValue('^(p|B)');
    await wrapper.get('[data-testid=apply-regex]').trigger('click');
    expect(lastMapping(wrapper).featureColumns).toEqual(['BDNF_N', 'pS6_N']);
    expect(wrapper.find('[data-testid=regex-error]').exists()).toBe(false);
    expect(wrapper.text()).toContain('2 columns selected as features.');
  });

  it('an invalid regular expression is stopped at the field with a reason quoting it', async () => {
    const { wrapper } = mountMapper();
    await wrapper.get('[data-testid=feature-regex]').setValue('([');
    await wrapper.get('[data-testid=apply-regex]').trigger('click');
    const error = wrapper.get('[data-testid=regex-error]').text();
    expect(error).toMatch(/^“\(\[” is not a valid regular expression \(.+\)\.$/);
    expect(wrapper.get('[data-testid=feature-regex]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.emitted('update:mapping')).toBeUndefined();
  });

  it('a regular expression matching nothing says so and changes nothing', async () => {
    const { wrapper } = mountMapper();
    await wrapper.get('[data-testid=feature-regex]').setValue('_Z$');
    await wrapper.get('[data-testid=apply-regex]').trigger('click');
    expect(wrapper.get('[data-testid=regex-error]').text()).toBe('No numeric column name matches “_Z$”.');
    expect(wrapper.emitted('update:mapping')).toBeUndefined();
  });

  it('featureColumns: null means every numeric column that is not id or annotation', () => {
    const { wrapper } = mountMapper({ ...base, featureColumns: null });
    const roles = wrapper.findAll('[data-testid=mapper-row]').map((r) => r.attributes('data-role'));
    expect(roles).toEqual(['id', 'feature', 'feature', 'feature', 'feature', 'feature', 'annotation']);
  });
});
