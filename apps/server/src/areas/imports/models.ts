import type { Locale } from '@atelier/domain';
import { registry } from '../../jsonapi/define-resource.ts';
import { own } from '../../jsonapi/own.ts';

/**
 * What can be imported: one declaration per model. Fields are attributes of the target resource;
 * a line is written through the engine (createRecord/updateRecord), so it meets exactly the
 * rules and messages of the API. The natural key finds the record a line updates.
 */
export interface ImportModel {
  /** The name clients send (POST /imports, field `model`). */
  name: string;
  /** The JSON:API type written. */
  type: string;
  /**
   * How a line finds the record it updates, tried in order: a field, or fields that must all be
   * filled and all match (text compared without case). The first the line fills decides.
   */
  naturalKey: (string | string[])[];
  /** Words a file may use for enumeration values, by field (normalised like headers). */
  values?: Record<string, Record<string, string>>;
  /**
   * Field → header names recognised, French first then English; the first of each is its label.
   * A field may be a to-one relationship of the resource: its cell names the related record.
   */
  fields: Record<string, ImportField>;
  label: { fr: string; en: string };
}

export interface ImportField {
  fr: string[];
  en: string[];
  /**
   * A relationship field: the cell is compared, without case, with each of `match` of the related
   * records the user may see (a column, or columns joined by a space): "Marie Tremblay",
   * "marie@exemple.ca" or "Déneigement Boréal inc." all find a customer.
   */
  relation?: { match: (string | string[])[] };
}

export const importModels = new Map<string, ImportModel>();

export function defineImportModel(model: ImportModel): ImportModel {
  if (importModels.has(model.name)) throw new Error(`Import model ${model.name} declared twice`);
  importModels.set(model.name, model);
  return model;
}

/** Models whose resource is declared (an area not built yet leaves its model out). */
export const availableModels = () => [...importModels.values()].filter((m) => registry.has(m.type));

/** Lower case, no accents, letters and digits only: "N° de série" and "no de serie" match. */
export const normalizeHeader = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Proposes a field for each column from its header, in either language; each field once. */
export function proposeMapping(model: ImportModel, columns: string[]): Record<string, string | null> {
  const byAlias = new Map<string, string>();
  for (const [field, aliases] of Object.entries(model.fields))
    for (const alias of [field, ...aliases.fr, ...aliases.en]) {
      const key = normalizeHeader(alias);
      if (key && !byAlias.has(key)) byAlias.set(key, field);
    }
  const used = new Set<string>();
  const mapping: Record<string, string | null> = {};
  for (const column of columns) {
    const field = byAlias.get(normalizeHeader(column));
    mapping[column] = field && !used.has(field) ? field : null;
    if (field) used.add(field);
  }
  return mapping;
}

export const fieldLabel = (model: ImportModel, field: string, locale: Locale) => own(model.fields, field)?.[locale]?.[0] ?? field;

// ---------------------------------------------------------------- the models

defineImportModel({
  name: 'vehicles',
  type: 'vehicles',
  label: { fr: 'Véhicules', en: 'Vehicles' },
  naturalKey: ['vin'],
  fields: {
    vin: { fr: ['NIV', 'Numéro de série', 'No de série', 'Numéro d’identification'], en: ['VIN', 'Serial number', 'Vehicle identification number'] },
    make: { fr: ['Marque', 'Fabricant'], en: ['Make', 'Manufacturer', 'Brand'] },
    model: { fr: ['Modèle'], en: ['Model'] },
    series: { fr: ['Série', 'Version', 'Finition'], en: ['Series', 'Trim'] },
    model_year: { fr: ['Année', 'Année modèle', 'Année du modèle', 'Millésime'], en: ['Year', 'Model year'] },
    style: { fr: ['Carrosserie', 'Style'], en: ['Style', 'Body', 'Body style'] },
    engine_description: { fr: ['Moteur', 'Description du moteur'], en: ['Engine', 'Engine description'] },
    fuel_type: { fr: ['Carburant', 'Type de carburant'], en: ['Fuel', 'Fuel type'] },
    transmission: { fr: ['Transmission', 'Boîte de vitesses'], en: ['Transmission', 'Gearbox'] },
    drivetrain: { fr: ['Traction', 'Rouage', 'Entraînement'], en: ['Drivetrain', 'Drive'] },
    class_code: { fr: ['Code de classe', 'Classe'], en: ['Class code', 'Class'] },
    class_name: { fr: ['Nom de classe'], en: ['Class name'] },
    sku: { fr: ['Numéro de stock', 'No de stock', 'Stock', 'SKU'], en: ['Stock number', 'Stock', 'SKU'] },
    registration_number: { fr: ['Immatriculation', 'Plaque', "Numéro d'immatriculation"], en: ['Registration number', 'Registration', 'Plate', 'License plate'] },
    odometer: { fr: ['Odomètre', 'Kilométrage', 'Compteur'], en: ['Odometer', 'Mileage'] },
    odometer_unit: { fr: ["Unité d'odomètre", 'Unité'], en: ['Odometer unit', 'Unit'] },
    color: { fr: ['Couleur'], en: ['Color', 'Colour'] },
    customer: { fr: ['Client', 'Propriétaire'], en: ['Customer', 'Owner'], relation: { match: ['email', 'company_name', ['firstname', 'lastname']] } },
  },
});

const contactFields = {
  email: { fr: ['Courriel', 'Adresse courriel', 'E-mail', 'Email'], en: ['Email', 'E-mail', 'Email address'] },
  phone: { fr: ['Téléphone', 'Tél'], en: ['Phone', 'Telephone'] },
  address: { fr: ['Adresse'], en: ['Address', 'Street'] },
  city: { fr: ['Ville'], en: ['City'] },
  province: { fr: ['Province'], en: ['Province', 'State'] },
  postal_code: { fr: ['Code postal'], en: ['Postal code', 'Zip', 'Zip code'] },
};

defineImportModel({
  name: 'customers',
  type: 'customers',
  label: { fr: 'Clients', en: 'Customers' },
  naturalKey: ['email', ['company_name'], ['firstname', 'lastname']],
  values: { type: { particulier: 'individual', individu: 'individual', personne: 'individual', entreprise: 'company', societe: 'company', compagnie: 'company', business: 'company' } },
  fields: {
    type: { fr: ['Type', 'Type de client'], en: ['Type', 'Customer type'] },
    firstname: { fr: ['Prénom'], en: ['First name', 'Firstname', 'Given name'] },
    lastname: { fr: ['Nom', 'Nom de famille'], en: ['Last name', 'Lastname', 'Surname', 'Family name'] },
    company_name: { fr: ["Nom de l'entreprise", 'Entreprise', 'Société', 'Raison sociale', 'Compagnie'], en: ['Company name', 'Company', 'Business name'] },
    tax_id: { fr: ['Numéro de taxes', 'No de TPS', 'Numéro de TVQ'], en: ['Tax id', 'Tax number', 'GST number'] },
    ...contactFields,
    notes: { fr: ['Notes', 'Remarques'], en: ['Notes', 'Comments'] },
  },
});

defineImportModel({
  name: 'contacts',
  type: 'contacts',
  label: { fr: 'Contacts', en: 'Contacts' },
  naturalKey: ['email', ['firstname', 'lastname']],
  fields: {
    title: { fr: ['Titre', 'Civilité'], en: ['Title'] },
    firstname: { fr: ['Prénom'], en: ['First name', 'Firstname'] },
    lastname: { fr: ['Nom', 'Nom de famille'], en: ['Last name', 'Lastname', 'Surname'] },
    birthday: { fr: ['Date de naissance', 'Anniversaire'], en: ['Birthday', 'Date of birth'] },
    email: contactFields.email,
    notes: { fr: ['Notes', 'Remarques'], en: ['Notes', 'Comments'] },
    customer: { fr: ['Client'], en: ['Customer'], relation: { match: ['email', 'company_name', ['firstname', 'lastname']] } },
    supplier: { fr: ['Fournisseur'], en: ['Supplier'], relation: { match: ['company_name', 'email'] } },
  },
});

defineImportModel({
  name: 'suppliers',
  type: 'suppliers',
  label: { fr: 'Fournisseurs', en: 'Suppliers' },
  naturalKey: ['company_name'],
  fields: {
    company_name: { fr: ['Nom', "Nom de l'entreprise", 'Fournisseur', 'Raison sociale'], en: ['Name', 'Company name', 'Supplier', 'Company'] },
    ...contactFields,
    tax_id: { fr: ['Numéro de taxes', 'No de TPS'], en: ['Tax id', 'Tax number'] },
    website: { fr: ['Site web', 'Site internet'], en: ['Website', 'Web site'] },
    notes: { fr: ['Notes', 'Remarques'], en: ['Notes', 'Comments'] },
  },
});

// Products arrive with inventory: one declaration like these (natural key sku).
