import { defineImportModel } from '../imports/models.ts';

/** Vehicles from a dealer-management export: found again by their VIN. */
export const vehiclesImport = defineImportModel({
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
