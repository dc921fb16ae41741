import { contactImportFields, defineImportModel } from '../imports/models.ts';

/** Customers: found again by e-mail, else company name, else first and last name. */
export const customersImport = defineImportModel({
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
    ...contactImportFields,
    notes: { fr: ['Notes', 'Remarques'], en: ['Notes', 'Comments'] },
  },
});

/** Contacts of customers and suppliers: found again by e-mail, else first and last name. */
export const contactsImport = defineImportModel({
  name: 'contacts',
  type: 'contacts',
  label: { fr: 'Contacts', en: 'Contacts' },
  naturalKey: ['email', ['firstname', 'lastname']],
  fields: {
    title: { fr: ['Titre', 'Civilité'], en: ['Title'] },
    firstname: { fr: ['Prénom'], en: ['First name', 'Firstname'] },
    lastname: { fr: ['Nom', 'Nom de famille'], en: ['Last name', 'Lastname', 'Surname'] },
    birthday: { fr: ['Date de naissance', 'Anniversaire'], en: ['Birthday', 'Date of birth'] },
    email: contactImportFields.email,
    notes: { fr: ['Notes', 'Remarques'], en: ['Notes', 'Comments'] },
    customer: { fr: ['Client'], en: ['Customer'], relation: { match: ['email', 'company_name', ['firstname', 'lastname']] } },
    supplier: { fr: ['Fournisseur'], en: ['Supplier'], relation: { match: ['company_name', 'email'] } },
  },
});
