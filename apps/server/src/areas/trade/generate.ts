import { INVOICING_TYPES, type InvoicingType, type OrderState, type OrderWorkflow, type Permission, type TypeName } from '@atelier/domain';
import { z } from 'zod';
import { nextRecordCode } from '../../db/codes.ts';
import { makingAction } from '../../jsonapi/action-options.ts';
import type { RequestContext } from '../../jsonapi/context.ts';
import type { Policy, RecordAction, Row } from '../../jsonapi/define-resource.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { conflictWith } from '../../jsonapi/policies.ts';
import { records } from '../../jsonapi/records.ts';
import type { DeliverySide } from './deliveries.ts';
import { REQUESTED_LINES, type OrderBase, type OrderLineBase, type TradeSide, type tradeOrders } from './orders.ts';

// POST /{side}-orders/{id}/generate-delivery and /generate-invoice (issues 22, 23), both sides by
// one kit: only a validated order makes them; each takes the lines and quantities asked, else what
// is left of the order (trade/orders.ts). A delivery takes the order's party, warehouse and
// locations (its side's, as a delivery made by hand: trade/deliveries.ts); an invoice its side's
// head, or one deposit line.

type Values = Record<string, unknown>;
/** The lines a body asks for (the kit's own option beside the side's). */
type Asked = { items?: z.infer<typeof REQUESTED_LINES> };

export interface GenerateSpec<O extends OrderBase & Row, D extends z.ZodRawShape, I extends z.ZodRawShape> {
  trade: TradeSide;
  orders: Pick<ReturnType<typeof tradeOrders<O, OrderLineBase>>, 'toDeliver' | 'toInvoice'>;
  /** The order's workflow: the refusal of an order not validated names its state. */
  workflow: OrderWorkflow;
  /** What the API contract says the actions refuse (409). */
  refusal: string;
  delivery: {
    side: DeliverySide;
    permission: Permission;
    summary: string;
    /** The options beside the lines asked (`items`), and the delivery's columns they give. */
    options: D;
    values(ctx: RequestContext, options: z.infer<z.ZodObject<D>>): Values;
  };
  invoice: {
    type: TypeName;
    permission: Permission;
    summary: string;
    /** The options beside the invoicing type and the lines asked. */
    options: I;
    /** The invoice's own columns (its party, its dates, its code...); the kit adds the order, the invoicing type and the locations. */
    head(ctx: RequestContext, order: O, options: z.infer<z.ZodObject<I>>, type: InvoicingType): Promise<Values>;
    /** The one line of an invoice of an amount (a deposit). */
    deposit(ctx: RequestContext, order: O, options: z.infer<z.ZodObject<I>>): Promise<Values>;
    /** Lines an invoice adds after the order's (sales: the deductions of the deposits already invoiced). */
    more?(ctx: RequestContext, order: O, type: InvoicingType): Promise<Values[]>;
  };
}

/** An order's generate-delivery and generate-invoice, and the policy refusing them (409) while it is not validated. */
export function orderGenerateActions<O extends OrderBase & Row, D extends z.ZodRawShape, I extends z.ZodRawShape>(spec: GenerateSpec<O, D, I>) {
  const { trade, orders, delivery, invoice } = spec;
  const cause = (order: O) => ({ cause: { type: trade.types.order, id: order.id } });

  const whileValidated: Policy<[row: O]> = {
    refuses: { 409: spec.refusal },
    check(ctx, row) {
      if (row.state !== 'validated') return conflictWith(delivery.side.messages.orderNotValidated, { state: spec.workflow.stateLabels[row.state as OrderState][ctx.locale] });
    },
  };

  const generateDelivery: RecordAction<O> = makingAction({
    permission: delivery.permission,
    summary: delivery.summary,
    options: z.object({ items: REQUESTED_LINES.optional(), ...delivery.options }),
    makes: delivery.side.type,
    include: 'items',
    async make(ctx, order, given) {
      const options = given as z.infer<z.ZodObject<D>> & Asked;
      const { columns, messages } = delivery.side;
      if (messages.noWarehouse && !order[columns.warehouse]) throw new ApiError(409, messages.noWarehouse);
      const taken = await orders.toDeliver(ctx, order, options.items);
      const made = await records(ctx, delivery.side.type).createWithLines(
        {
          organization_id: order.organization_id,
          code: await nextRecordCode(ctx.db, order.organization_id, delivery.side.code),
          [trade.keys.order]: order.id,
          [columns.party]: order[columns.party],
          [columns.warehouse]: order[columns.warehouse],
          ...delivery.values(ctx, options),
          creator_id: ctx.actor.id,
          location_ids: order.location_ids,
        },
        {
          items: taken.map(({ line, quantity }) => ({
            [trade.keys.orderLine]: line.id,
            product_id: line.product_id,
            description: line.description,
            quantity,
            ...delivery.side.lineValues?.(line),
          })),
        },
        cause(order),
      );
      return { id: String(made.id), log: { delivery: made.id } };
    },
  });

  const generateInvoice: RecordAction<O> = makingAction({
    permission: invoice.permission,
    summary: invoice.summary,
    options: z.object({ invoicingType: z.enum(INVOICING_TYPES).optional(), items: REQUESTED_LINES.optional(), ...invoice.options }),
    makes: invoice.type,
    include: 'items',
    async make(ctx, order, given) {
      const options = given as z.infer<z.ZodObject<I>> & Asked & { invoicingType?: InvoicingType };
      const type = options.invoicingType ?? order.invoicing_type;
      const lines: Values[] = type === 'amount' ? [await invoice.deposit(ctx, order, options)] : await orders.toInvoice(ctx, order, type, options.items);
      lines.push(...((await invoice.more?.(ctx, order, type)) ?? []));
      const made = await records(ctx, invoice.type).createWithLines(
        { ...(await invoice.head(ctx, order, options, type)), [trade.keys.order]: order.id, invoicing_type: type, location_ids: order.location_ids },
        { items: lines },
        cause(order),
      );
      return { id: String(made.id), log: { invoice: made.id } };
    },
  });

  return {
    actions: { 'generate-delivery': generateDelivery, 'generate-invoice': generateInvoice },
    policies: { 'generate-delivery': whileValidated, 'generate-invoice': whileValidated },
  };
}
