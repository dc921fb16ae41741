import { describe, expect, it } from 'vitest';
import { answerValues, jobsForAnswer, triggerValues, type CannedJobTrigger } from './canned-jobs.ts';

const triggers: CannedJobTrigger[] = [
  { field_id: 'pads', value: 'Mauvais', canned_job_id: 'front-pads' },
  { field_id: 'pads', value: 'bad', canned_job_id: 'front-pads' },
  { field_id: 'pads', value: 'bad', canned_job_id: 'rotors' },
  { field_id: 'wipers', value: 'false', canned_job_id: 'wipers' },
  { field_id: 'lights', value: 'plate', canned_job_id: 'bulb' },
];

describe('canned jobs from findings', () => {
  it('reads an answer as the values a trigger may name', () => {
    expect(answerValues('Mauvais')).toEqual(['Mauvais']);
    expect(answerValues(false)).toEqual(['false']);
    expect(answerValues(['plate', 'left'])).toEqual(['plate', 'left']);
    expect(answerValues({ value: 'bad', measures: { mm: 2 } })).toEqual(['bad']);
    expect(answerValues(null)).toEqual([]);
    expect(answerValues({ other: 1 })).toEqual([]);
  });
  it('names the jobs a field’s answer calls for, each once, without regard to case', () => {
    expect(jobsForAnswer('pads', 'mauvais', triggers)).toEqual(['front-pads']);
    expect(jobsForAnswer('pads', { value: 'bad' }, triggers)).toEqual(['front-pads', 'rotors']);
    expect(jobsForAnswer('wipers', false, triggers)).toEqual(['wipers']);
    expect(jobsForAnswer('wipers', true, triggers)).toEqual([]);
    expect(jobsForAnswer('lights', ['left', 'plate'], triggers)).toEqual(['bulb']);
    // Another field with the same answer: none.
    expect(jobsForAnswer('tires', 'Mauvais', triggers)).toEqual([]);
  });
});

describe('the answers a trigger may name', () => {
  it('are a check box’s true and false, a select’s options, a widget’s states, and none of a number or a text', () => {
    expect(triggerValues({ field_type: 'CHECK', points_threshold: [{ option: 'yes' }] })).toEqual(['true', 'false']);
    expect(triggerValues({ field_type: 'SELECT_SINGLE', points_threshold: [{ option: 'Bon' }, { option: 'Mauvais' }] })).toEqual(['Bon', 'Mauvais']);
    expect(triggerValues({ field_type: 'SELECT_MULTIPLE', points_threshold: null })).toEqual([]);
    expect(triggerValues({ field_type: 'PAD_THICKNESS_WIDGET' })).toEqual(['good', 'to_replace', 'bad', 'not_applicable']);
    expect(triggerValues({ field_type: 'NUMBER', points_threshold: [{ option: '0-3' }] })).toEqual([]);
    expect(triggerValues({ field_type: 'TEXT' })).toEqual([]);
  });
});
