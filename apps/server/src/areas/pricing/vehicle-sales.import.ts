import { defineImportModel } from '../imports/models.ts';

/**
 * Sales and listings from a dealer-management or marketplace export (issue 13): what the built-in
 * valuation compares with. A line with a VIN is found again by its VIN, date and kind (a file
 * imported twice does not count its sales twice); a line without one is always new.
 */
export const vehicleSalesImport = defineImportModel({
  name: 'vehicle-sales',
  type: 'vehicle-sales',
  label: { fr: 'Ventes de véhicules', en: 'Vehicle sales' },
  naturalKey: [['vin', 'sold_on', 'kind']],
  values: {
    kind: { vente: 'sale', vendu: 'sale', sold: 'sale', annonce: 'listing', affiche: 'listing', listed: 'listing', inventaire: 'listing' },
    condition: { excellente: 'excellent', bon: 'good', bonne: 'good', moyen: 'average', moyenne: 'average', mauvais: 'poor', mauvaise: 'poor', rough: 'poor', clean: 'good', xclean: 'excellent' },
  },
  fields: {
    vin: { fr: ['NIV', 'Numéro de série', 'No de série'], en: ['VIN', 'Serial number'] },
    year: { fr: ['Année', 'Année modèle', 'Millésime'], en: ['Year', 'Model year'] },
    make: { fr: ['Marque', 'Fabricant'], en: ['Make', 'Manufacturer', 'Brand'] },
    model: { fr: ['Modèle'], en: ['Model'] },
    series: { fr: ['Série', 'Version', 'Finition'], en: ['Series', 'Trim'] },
    style: { fr: ['Carrosserie', 'Style'], en: ['Style', 'Body', 'Body style'] },
    kind: { fr: ['Type', 'Vente ou annonce'], en: ['Type', 'Sale or listing'] },
    price: { fr: ['Prix', 'Prix de vente', 'Prix demandé'], en: ['Price', 'Sold price', 'Sale price', 'Asking price'] },
    sold_on: { fr: ['Date', 'Date de vente', "Date d'annonce"], en: ['Date', 'Sale date', 'Sold date', 'Listing date'] },
    kilometers: { fr: ['Kilométrage', 'Kilomètres', 'Odomètre', 'Km'], en: ['Kilometers', 'Kilometres', 'Odometer', 'Mileage', 'Km'] },
    province: { fr: ['Province'], en: ['Province'] },
    condition: { fr: ['État', 'Condition'], en: ['Condition', 'Status'] },
    accident: { fr: ['Accident', 'Accidenté'], en: ['Accident'] },
    rebuilt: { fr: ['Reconstruit', 'VGE'], en: ['Rebuilt'] },
    days_on_market: { fr: ['Jours sur le marché', 'Jours en inventaire'], en: ['Days on market', 'Days in stock'] },
  },
});
