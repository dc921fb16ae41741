import { t } from '../../i18n/index.ts';
import { ApiError } from '../../jsonapi/errors.ts';
import { describeRoute } from '../../jsonapi/openapi.ts';
import { authorize } from '../../jsonapi/policies.ts';
import type { RouteRegistrar } from '../../jsonapi/router.ts';
import { findRow } from '../../jsonapi/scope.ts';
import { renderLabelsPdf, type LabelProduct } from '../../reports/labels-pdf.ts';
import { pdfResponse, sendPdf } from '../../reports/http.ts';
import { productsResource } from './products.resource.ts';

// Product labels (issue 22): GET /products/{id}/label (one label) and GET /products/labels?ids=…
// (a selection, in its order), to whoever may view the products; one out of their scope does not
// exist for them (404).

/** The most labels one request prints (10 sheets). */
const MOST = 300;

export const productLabelRoutes: RouteRegistrar = (api, contextOf) => {
  const print = async (ctx: ReturnType<typeof contextOf>, ids: readonly string[]) => {
    authorize(ctx, productsResource, 'view');
    const products: LabelProduct[] = [];
    for (const id of ids) products.push(await findRow(ctx, productsResource, id));
    return { pdf: await renderLabelsPdf(products, ctx.locale), products };
  };
  api.get('/products/labels', async (request, reply) => {
    const ctx = contextOf(request);
    const raw = (request.query as Record<string, unknown>).ids;
    const ids = typeof raw === 'string' ? [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))] : [];
    if (!ids.length || ids.length > MOST) throw new ApiError(400, 'product_labels.ids_required', undefined, { parameter: 'ids' });
    return sendPdf(reply, (await print(ctx, ids)).pdf, `${t(ctx.locale, 'product_labels.file_name')}.pdf`);
  });
  api.get('/products/:id/label', async (request, reply) => {
    const ctx = contextOf(request);
    const { pdf, products } = await print(ctx, [(request.params as { id: string }).id]);
    return sendPdf(reply, pdf, `${t(ctx.locale, 'product_labels.file_name')}-${products[0].sku}.pdf`);
  });
};

describeRoute('GET', '/products/:id/label', {
  summary: 'The product’s label (PDF, one label of 2⅝ × 1 in): its name, SKU and barcode as Code 128 (its barcode, else its SKU)',
  description: 'Needs the right to view the product.',
  tag: 'products',
  responses: { 200: pdfResponse('The label (PDF), inline.') },
  errors: [403, 404],
});
describeRoute('GET', '/products/labels', {
  summary: 'Labels of a selection of products (PDF, Letter sheets of 30 labels of 2⅝ × 1 in, in the order named)',
  description: 'Needs the right to view the products; one not found or out of scope is a 404.',
  tag: 'products',
  query: [{ name: 'ids', description: `The products' ids, comma-separated (at most ${MOST}).`, required: true, schema: { type: 'string' } }],
  responses: { 200: pdfResponse('The labels (PDF), inline.') },
  errors: [403, 404],
});
