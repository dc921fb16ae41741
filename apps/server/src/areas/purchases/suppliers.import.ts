import { contactImportFields, defineImportModel } from '../imports/models.ts';

/** Suppliers: found again by company name. (Products will arrive with inventory, natural key sku.) */
export const suppliersImport = defineImportModel({
  name: 'suppliers',
  type: 'suppliers',
  label: { fr: 'Fournisseurs', en: 'Suppliers' },
  naturalKey: ['company_name'],
  fields: {
    company_name: { fr: ['Nom', "Nom de l'entreprise", 'Fournisseur', 'Raison sociale'], en: ['Name', 'Company name', 'Supplier', 'Company'] },
    ...contactImportFields,
    tax_id: { fr: ['Numéro de taxes', 'No de TPS'], en: ['Tax id', 'Tax number'] },
    website: { fr: ['Site web', 'Site internet'], en: ['Website', 'Web site'] },
    notes: { fr: ['Notes', 'Remarques'], en: ['Notes', 'Comments'] },
  },
});
