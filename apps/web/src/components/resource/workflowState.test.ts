import { afterEach, describe, expect, it } from 'vitest';
import { estimationWorkflow, inspectionWorkflow, repairWorkflow } from '@atelier/domain';
import i18n from '../../i18n/index.ts';
import { stateLabel } from './workflowState.ts';

afterEach(() => i18n.changeLanguage('fr'));

describe('a workflow state on the screen', () => {
  it('is named in the user’s language by the domain’s labels; a state the screen does not know, as sent', async () => {
    for (const workflow of [estimationWorkflow, inspectionWorkflow, repairWorkflow]) {
      for (const lng of ['fr', 'en'] as const) {
        await i18n.changeLanguage(lng);
        for (const s of workflow.states) expect(stateLabel(workflow, s)).toBe((workflow.stateLabels as Record<string, Record<string, string>>)[s][lng]);
      }
      for (const unknown of ['on_hold', 'constructor', '__proto__']) expect(stateLabel(workflow, unknown)).toBe(unknown);
    }
  });
});
