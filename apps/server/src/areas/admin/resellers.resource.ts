import { declarations, isBrandColor } from '@atelier/domain';
import { ApiError, attributePointer } from '../../jsonapi/errors.ts';
import { tenancy } from '../../access/tenancy.ts';
import { defineResource } from '../../jsonapi/define-resource.ts';
import { filter } from '../../jsonapi/filters.ts';
import { rel } from '../../jsonapi/relationships.ts';
import { resellers } from './admin.table.ts';

export const resellersResource = defineResource(declarations.resellers, {
  table: resellers,
  permissions: 'resellers',
  alsoGrantedBy: { view: ['edit own reseller'], edit: ['edit own reseller'] },
  tenancy: tenancy.resellerSelf(),
  relationships: {
    owner: rel.belongsTo('owner_id'),
    organizations: rel.hasMany('reseller_id'),
  },
  filters: { search: filter.search(['name', 'email', 'app_name']) },
  uploads: { app_logo: { kinds: ['image'] } },
  hooks: {
    beforeWrite(_ctx, input) {
      const color = input.values.brand_color;
      if (typeof color === 'string' && color && !isBrandColor(color))
        throw ApiError.many([{ status: 422, code: 'reseller.brand_color', source: { pointer: attributePointer('brand_color') } }]);
    },
  },
});
