import { stockMovementWorkflow as workflow } from '@atelier/domain';
import { workflowMessages, workflowParts } from '../../jsonapi/workflow.ts';
import { stockMovements } from './inventory.table.ts';
import { moveStock } from './stock-ledger.ts';

// GET or POST /stock-movements/{id}/validate and /cancel (spec §7): the domain's workflow served
// by the engine's kit; what a movement adds is its effect on the stock (stock-ledger.ts).
export const stockMovementFlow = workflowParts({
  workflow,
  table: stockMovements,
  messages: workflowMessages('stock_movement'),
  actions: {
    validate: {
      summary: 'Validates the draft: every line is applied to the stock at once (409 when a warehouse that refuses negative stock lacks a product, naming it and what is available)',
      async values(ctx, row) {
        await moveStock(ctx, row, 'apply');
        return {};
      },
    },
    cancel: {
      summary: 'Cancels the movement; a validated one is reversed, refused (409) if the stock it added has been used since where negative stock is refused',
      async values(ctx, row) {
        if (row.state === 'validated') await moveStock(ctx, row, 'reverse');
        return {};
      },
    },
  },
});
