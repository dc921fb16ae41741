import { requiredByDefault, type ConditionOperator, FieldType, MultiplierField, MultiplierOperation, MultiplierType, PointsThreshold, WidgetOption } from '@atelier/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { newId } from '../../db/columns.ts';
import {
  inspectionFormMultipliers,
  inspectionFormNotes,
  inspectionFormReminders,
  inspectionFormSectionFields,
  inspectionFormSections,
  inspectionForms,
} from './inspection-forms.table.ts';

// Garage Démo's two inspection forms, in French: a 100-point pre-delivery inspection of a used
// vehicle and a seasonal maintenance (tires, brakes, battery, fluids); Autos Rivière has a short one.

/** A field as the demo writes it; `key` names it for another field's condition or copy. */
interface DemoField {
  name: string;
  type: FieldType;
  options?: [string, number][];
  key?: string;
  /** Shown when the field of that key compares so to the value. */
  when?: { key: string; operator: ConditionOperator; value: string };
  /** A copy of the field of that key. */
  copies?: string;
  na?: boolean;
  /** Safety-critical: brakes, tires, steering, lights. */
  critical?: boolean;
  icon?: string;
}
interface DemoSubSection {
  name: string;
  factor?: number;
  fields: DemoField[];
}
interface DemoSection {
  name: string;
  icon: string;
  factor?: number;
  subSections: DemoSubSection[];
}
interface DemoForm {
  name: string;
  description: string;
  sections: DemoSection[];
  notes: [number, number, string][];
  reminders: string[];
  multipliers: { type: MultiplierType; field: MultiplierField; operation: MultiplierOperation; value: string; multiplier: string }[];
}

const CRITICAL = { critical: true } as const;

/** A widget's four states: good gives the points, bad half, to replace none; not applicable does not penalize. */
const widget = (type: FieldType, name: string, points: number, extra: Partial<DemoField> = {}): DemoField => {
  const states: Record<WidgetOption, number> = { good: points, to_replace: 0, bad: Math.floor(points / 2), not_applicable: points };
  return { name, type, options: Object.entries(states), ...extra };
};
const state = (name: string, points = 4, extra: Partial<DemoField> = {}) => widget('STATE_WIDGET', name, points, extra);
/** A yes/no question whose good answer is `good`. */
const check = (name: string, points = 3, good: 'yes' | 'no' = 'yes', extra: Partial<DemoField> = {}): DemoField => ({
  name,
  type: 'CHECK',
  options: good === 'yes' ? [['yes', points], ['no', 0]] : [['yes', 0], ['no', points]],
  ...extra,
});
const choice = (name: string, options: [string, number][], extra: Partial<DemoField> = {}): DemoField => ({ name, type: 'SELECT_SINGLE', options, ...extra });
const number = (name: string, options: [string, number][], extra: Partial<DemoField> = {}): DemoField => ({ name, type: 'NUMBER', options, ...extra });
const text = (name: string, extra: Partial<DemoField> = {}): DemoField => ({ name, type: 'TEXT', ...extra });
const leakTypes: [string, number][] = [
  ['Huile moteur', 2],
  ['Liquide de refroidissement', 1],
  ['Liquide de frein', 0],
  ['Liquide de direction', 1],
  ['Autre', 1],
];

const PRE_DELIVERY: DemoForm = {
  name: 'Inspection pré-livraison 100 points',
  description: 'Inspection complète d’un véhicule d’occasion avant sa mise en vente ou sa livraison au client.',
  sections: [
    {
      name: 'Extérieur',
      icon: 'car',
      subSections: [
        {
          name: 'Carrosserie',
          fields: [
            ...['Capot', 'Toit', 'Hayon ou couvercle de coffre', 'Portière avant gauche', 'Portière avant droite', 'Portière arrière gauche', 'Portière arrière droite'].map(
              (n) => state(n),
            ),
            ...['Aile avant gauche', 'Aile avant droite', 'Pare-chocs avant', 'Pare-chocs arrière'].map((n) => state(n)),
            check('Traces de rouille ?', 4, 'no', { key: 'rust' }),
            text('Emplacement de la rouille', { when: { key: 'rust', operator: 'equals', value: 'yes' } }),
          ],
        },
        {
          name: 'Vitrage et éclairage',
          fields: [
            choice('Pare-brise', [
              ['Intact', 6],
              ['Éclat réparable', 3],
              ['Fissuré, à remplacer', 0],
            ]),
            state('Vitres latérales'),
            state('Lunette arrière'),
            state('Rétroviseurs'),
            check('Phares avant fonctionnels', 4, 'yes', CRITICAL),
            check('Feux arrière fonctionnels', 3, 'yes', CRITICAL),
            check('Feux de freinage fonctionnels', 4, 'yes', CRITICAL),
            check('Clignotants fonctionnels', 3, 'yes', CRITICAL),
            state('Feux antibrouillard', 2, { na: true }),
            state('Balais d’essuie-glace', 2),
          ],
        },
      ],
    },
    {
      name: 'Intérieur',
      icon: 'armchair',
      subSections: [
        {
          name: 'Habitacle',
          fields: [
            state('Sièges avant'),
            state('Sièges arrière'),
            state('Ciel de toit', 2),
            state('Tapis', 2),
            state('Garnitures de portières', 2),
            choice('Odeurs', [
              ['Aucune', 5],
              ['Animaux', 2],
              ['Tabac', 1],
              ['Humidité', 0],
            ]),
            {
              name: 'Propreté générale (0 à 10)',
              type: 'RANGE_SLIDER',
              options: [
                ['0-3', 0],
                ['4-6', 3],
                ['7-10', 6],
              ],
            },
            check('Ceintures de sécurité en bon état', 5),
          ],
        },
        {
          name: 'Équipements et commandes',
          fields: [
            check('Climatisation fonctionnelle', 4),
            check('Chauffage et dégivrage fonctionnels', 4),
            check('Système audio fonctionnel', 2),
            state('Écran et caméra de recul', 3, { na: true }),
            check('Vitres électriques fonctionnelles', 3),
            check('Verrouillage centralisé fonctionnel', 3),
            check('Klaxon fonctionnel', 2),
            {
              name: 'Témoins allumés au tableau de bord',
              type: 'SELECT_MULTIPLE',
              key: 'lights',
              options: [
                ['Aucun', 6],
                ['Moteur', 0],
                ['ABS', 0],
                ['Coussins gonflables', 0],
                ['Pression des pneus', 2],
              ],
            },
            text('Code d’anomalie du moteur lu', { when: { key: 'lights', operator: 'equals', value: 'Moteur' } }),
            number('Nombre de clés remises', [
              ['0-0', 0],
              ['1-1', 2],
              ['2-5', 4],
            ]),
          ],
        },
      ],
    },
    {
      name: 'Sous le capot',
      icon: 'engine',
      factor: 1.5,
      subSections: [
        {
          name: 'Moteur',
          factor: 2,
          fields: [
            state('Huile moteur (niveau et état)', 5),
            check('Fuite visible ?', 6, 'no', { key: 'leak' }),
            choice('Type de fuite', leakTypes, { when: { key: 'leak', operator: 'equals', value: 'yes' } }),
            state('Courroies', 4),
            state('Durites', 3),
            state('Filtre à air', 2),
            check('Bruit anormal au ralenti ?', 5, 'no'),
            state('Supports moteur', 3),
          ],
        },
        {
          name: 'Liquides',
          fields: [
            state('Liquide de refroidissement', 4, { key: 'coolant' }),
            state('Liquide de frein', 5, { key: 'brake-fluid' }),
            state('Liquide de direction assistée', 3, { na: true }),
            check('Réservoir de lave-glace rempli', 1),
            state('Huile de transmission', 3, { na: true }),
          ],
        },
        {
          name: 'Batterie et électricité',
          fields: [
            widget('BATTERY_STATE_WIDGET', 'Batterie', 6),
            number('Tension de la batterie au repos (V)', [
              ['0-12.1', 0],
              ['12.2-12.4', 2],
              ['12.5-15', 4],
            ]),
            check('Charge de l’alternateur correcte', 4),
            state('Bornes et câbles', 2),
          ],
        },
      ],
    },
    {
      name: 'Freins et pneus',
      icon: 'disc',
      factor: 1.5,
      subSections: [
        {
          name: 'Pneus',
          fields: [
            ...['Pneu avant gauche', 'Pneu avant droit', 'Pneu arrière gauche', 'Pneu arrière droit'].map((n) => widget('TIRE_STATE_WIDGET', n, 5, CRITICAL)),
            number(
              'Profondeur de sculpture minimale (mm)',
              [
                ['0-2', 0],
                ['3-4', 3],
                ['5-12', 6],
              ],
              CRITICAL,
            ),
            state('Pneu de secours', 2, { na: true }),
            check('Pression ajustée', 2),
          ],
        },
        {
          name: 'Freins',
          factor: 2,
          fields: [
            widget('PAD_THICKNESS_WIDGET', 'Plaquettes avant', 6, CRITICAL),
            widget('PAD_THICKNESS_WIDGET', 'Plaquettes arrière', 6, CRITICAL),
            state('Disques avant', 4, CRITICAL),
            state('Disques arrière', 4, { na: true, ...CRITICAL }),
            widget('DRUM_THICKNESS_WIDGET', 'Tambours arrière', 4, { na: true, ...CRITICAL }),
            check('Frein de stationnement efficace', 4, 'yes', CRITICAL),
            state('Flexibles de frein', 3, CRITICAL),
          ],
        },
        {
          name: 'Suspension et direction',
          fields: [
            state('Amortisseurs avant', 4),
            state('Amortisseurs arrière', 4),
            state('Rotules', 3, CRITICAL),
            state('Biellettes de barre stabilisatrice', 2),
            check('Jeu dans la direction ?', 4, 'no', CRITICAL),
            state('Roulements de roue', 3),
            state('Échappement', 3),
            choice('Rouille du dessous de caisse', [
              ['Aucune', 5],
              ['En surface', 3],
              ['Perforante', 0],
            ]),
          ],
        },
      ],
    },
    {
      name: 'Essai routier',
      icon: 'road',
      subSections: [
        {
          name: 'Moteur et transmission',
          fields: [
            check('Démarrage à froid sans difficulté', 4),
            state('Accélération', 4),
            state('Passage des vitesses', 4),
            check('Bruit de transmission ?', 4, 'no'),
            check('Témoin allumé pendant l’essai ?', 4, 'no'),
          ],
        },
        {
          name: 'Comportement',
          fields: [
            state('Tenue de route', 4),
            choice('Freinage', [
              ['Droit et franc', 6],
              ['Tire d’un côté', 2],
              ['Vibrations', 2],
              ['Bruyant', 1],
            ]),
            check('Vibrations dans le volant ?', 4, 'no'),
            check('Direction centrée', 4),
            check('Bruit de suspension ?', 4, 'no'),
            check('Régulateur de vitesse fonctionnel', 2, 'yes', { na: true }),
          ],
        },
        {
          name: 'Après l’essai',
          fields: [
            check('Température du moteur stable', 4),
            check('Fuite après l’essai ?', 4, 'no'),
            state('Liquide de frein (contrôle après l’essai)', 5, { copies: 'brake-fluid' }),
            text('Commentaires de l’essai routier'),
          ],
        },
      ],
    },
    {
      name: 'Documents',
      icon: 'file',
      factor: 0.5,
      subSections: [
        {
          name: 'Dossier du véhicule',
          fields: [
            check('Carnet d’entretien présent', 3),
            check('Rappels du constructeur vérifiés', 4),
            check('Historique du véhicule consulté', 3),
            check('Manuel du propriétaire présent', 1),
            check('Immatriculation conforme', 3),
          ],
        },
      ],
    },
  ],
  notes: [
    [0, 59, 'À reconditionner'],
    [60, 84, 'Bon état général'],
    [85, 100, 'Excellent état'],
  ],
  reminders: ['Photos des quatre coins prises', 'NIV vérifié sur le véhicule', 'Clés et carnet d’entretien remis'],
  multipliers: [
    { type: 'points', field: 'odometer', operation: 'greater_than', value: '200000', multiplier: '0.9' },
    { type: 'points', field: 'model_year', operation: 'less_than', value: '2012', multiplier: '0.95' },
  ],
};

const SEASONAL: DemoForm = {
  name: 'Entretien saisonnier',
  description: 'Changement de saison : pneus, freins, batterie et liquides.',
  sections: [
    {
      name: 'Pneus',
      icon: 'tire',
      subSections: [
        {
          name: 'État des pneus',
          fields: [
            ...['Avant gauche', 'Avant droit', 'Arrière gauche', 'Arrière droit'].map((n) => widget('TIRE_STATE_WIDGET', n, 5, CRITICAL)),
            choice('Pneus installés', [
              ['Hiver', 2],
              ['Quatre saisons', 2],
              ['Été', 2],
            ]),
            number(
              'Profondeur de sculpture minimale (mm)',
              [
                ['0-3', 0],
                ['4-5', 3],
                ['6-12', 6],
              ],
              CRITICAL,
            ),
          ],
        },
        {
          name: 'Montage',
          fields: [
            check('Couple de serrage des écrous vérifié', 4),
            check('Pression ajustée', 3),
            check('Pneus de l’autre saison entreposés', 1, 'yes', { key: 'stored', na: true }),
            text('Emplacement d’entreposage', { when: { key: 'stored', operator: 'equals', value: 'yes' } }),
          ],
        },
      ],
    },
    {
      name: 'Freins',
      icon: 'disc',
      subSections: [
        {
          name: 'Avant',
          fields: [
            widget('PAD_THICKNESS_WIDGET', 'Plaquette avant gauche', 6, CRITICAL),
            widget('PAD_THICKNESS_WIDGET', 'Plaquette avant droite', 6, CRITICAL),
            state('Disques avant', 4, CRITICAL),
          ],
        },
        {
          name: 'Arrière',
          fields: [
            widget('DRUM_THICKNESS_WIDGET', 'Tambour arrière gauche', 5, CRITICAL),
            widget('DRUM_THICKNESS_WIDGET', 'Tambour arrière droit', 5, CRITICAL),
            check('Frein de stationnement efficace', 4, 'yes', CRITICAL),
          ],
        },
      ],
    },
    {
      name: 'Batterie et électricité',
      icon: 'battery',
      subSections: [
        {
          name: 'Batterie',
          fields: [
            widget('BATTERY_STATE_WIDGET', 'Batterie', 6),
            number('Tension au repos (V)', [
              ['0-12.1', 0],
              ['12.2-12.4', 2],
              ['12.5-15', 4],
            ]),
            check('Test de démarrage réussi', 4),
          ],
        },
        {
          name: 'Éclairage et visibilité',
          fields: [check('Phares fonctionnels', 3, 'yes', CRITICAL), check('Feux arrière et de freinage fonctionnels', 3, 'yes', CRITICAL), state('Balais d’essuie-glace', 3)],
        },
      ],
    },
    {
      name: 'Liquides',
      icon: 'droplet',
      subSections: [
        {
          name: 'Niveaux',
          fields: [
            state('Huile moteur', 5),
            state('Antigel', 4),
            state('Liquide de frein', 4),
            check('Lave-glace d’hiver ajouté', 2, 'yes', { na: true }),
          ],
        },
        {
          name: 'Fuites',
          fields: [check('Fuite visible ?', 5, 'no', { key: 'leak' }), choice('Type de fuite', leakTypes, { when: { key: 'leak', operator: 'equals', value: 'yes' } })],
        },
      ],
    },
  ],
  notes: [
    [0, 49, 'Entretien requis avant la saison'],
    [50, 79, 'Quelques points à surveiller'],
    [80, 100, 'Prêt pour la saison'],
  ],
  reminders: ['Client avisé des travaux recommandés', 'Pneus retirés étiquetés', 'Clés remises au client'],
  multipliers: [{ type: 'repair_value', field: 'make', operation: 'equals', value: 'BMW', multiplier: '1.15' }],
};

/** Autos Rivière's own short form: every organization of the demo has inspection forms. */
const COURTESY: DemoForm = {
  name: 'Inspection de courtoisie',
  description: 'Vérification rapide offerte à chaque visite en atelier.',
  sections: [
    {
      name: 'Points de sécurité',
      icon: 'shield',
      subSections: [
        {
          name: 'Vérifications',
          fields: [
            ...['Pneu avant gauche', 'Pneu avant droit', 'Pneu arrière gauche', 'Pneu arrière droit'].map((n) => widget('TIRE_STATE_WIDGET', n, 5, CRITICAL)),
            widget('BATTERY_STATE_WIDGET', 'Batterie', 5),
            check('Phares et feux fonctionnels', 3, 'yes', CRITICAL),
            state('Balais d’essuie-glace', 2),
            text('Recommandations au client'),
          ],
        },
      ],
    },
  ],
  notes: [
    [0, 69, 'Travaux à prévoir'],
    [70, 100, 'Véhicule en bon état'],
  ],
  reminders: ['Fiche remise au client'],
  multipliers: [{ type: 'points', field: 'odometer', operation: 'greater_than', value: '250000', multiplier: '0.9' }],
};

const points = (options: [string, number][] = []): PointsThreshold[] => options.map(([option, p]) => ({ option, points: p }));

/**
 * The English labels of the demo's sections, verdicts and reminders (a field without one shows its
 * French name to English readers: the fallback a dealership sees while translating its form).
 */
const ENGLISH = new Map<string, string>([
  ['Extérieur', 'Exterior'], ['Carrosserie', 'Body'], ['Vitrage et éclairage', 'Glass and lights'], ['Intérieur', 'Interior'],
  ['Habitacle', 'Cabin'], ['Équipements et commandes', 'Equipment and controls'], ['Sous le capot', 'Under the hood'], ['Moteur', 'Engine'],
  ['Liquides', 'Fluids'], ['Batterie et électricité', 'Battery and electrical'], ['Freins et pneus', 'Brakes and tires'], ['Pneus', 'Tires'],
  ['Freins', 'Brakes'], ['Suspension et direction', 'Suspension and steering'], ['Essai routier', 'Road test'],
  ['Moteur et transmission', 'Engine and transmission'], ['Comportement', 'Handling'], ['Après l’essai', 'After the test'], ['Documents', 'Documents'],
  ['Dossier du véhicule', 'Vehicle file'], ['État des pneus', 'Tire condition'], ['Montage', 'Mounting'], ['Avant', 'Front'], ['Arrière', 'Rear'],
  ['Batterie', 'Battery'], ['Éclairage et visibilité', 'Lights and visibility'], ['Niveaux', 'Levels'], ['Fuites', 'Leaks'],
  ['Points de sécurité', 'Safety points'], ['Vérifications', 'Checks'],
  ['À reconditionner', 'To recondition'], ['Bon état général', 'Good overall condition'], ['Excellent état', 'Excellent condition'],
  ['Entretien requis avant la saison', 'Maintenance needed before the season'], ['Quelques points à surveiller', 'A few points to watch'],
  ['Prêt pour la saison', 'Ready for the season'], ['Travaux à prévoir', 'Work to plan'], ['Véhicule en bon état', 'Vehicle in good condition'],
  ['Photos des quatre coins prises', 'Photos of the four corners taken'], ['NIV vérifié sur le véhicule', 'VIN checked on the vehicle'],
  ['Clés et carnet d’entretien remis', 'Keys and service book handed over'], ['Client avisé des travaux recommandés', 'Customer told of the recommended work'],
  ['Pneus retirés étiquetés', 'Removed tires labelled'], ['Clés remises au client', 'Keys handed to the customer'], ['Fiche remise au client', 'Sheet handed to the customer'],
]);
const english = (french: string) => ENGLISH.get(french) ?? null;

/** The demo's forms: Garage Démo's two, Autos Rivière's one. */
export const DEMO_FORMS = { preDelivery: PRE_DELIVERY, seasonal: SEASONAL, courtesy: COURTESY };

/**
 * Writes one demo form with its parts (ids made first, so that conditions and copies name them),
 * in any organization: the seed's, or a test's own (the demo forms' round trips).
 */
export async function writeDemoForm(db: Db, organizationId: string, form: DemoForm) {
  const formId = newId();
  const part = { organization_id: organizationId, inspection_form_id: formId };
  await db.insert(inspectionForms).values({ id: formId, organization_id: organizationId, name: form.name, description: form.description });
  const sections: (typeof inspectionFormSections.$inferInsert)[] = [];
  const fields: { sectionId: string; order: number; field: DemoField; id: string }[] = [];
  form.sections.forEach((section, s) => {
    const sectionId = newId();
    sections.push({ ...part, id: sectionId, name: section.name, name_en: english(section.name), icon: section.icon, factor: String(section.factor ?? 1), order_number: s });
    section.subSections.forEach((sub, b) => {
      const subId = newId();
      sections.push({ ...part, id: subId, parent_id: sectionId, name: sub.name, name_en: english(sub.name), factor: String(sub.factor ?? 1), order_number: b });
      sub.fields.forEach((field, k) => fields.push({ sectionId: subId, order: k, field, id: newId() }));
    });
  });
  const byKey = new Map(fields.flatMap((f) => (f.field.key ? [[f.field.key, f.id] as const] : [])));
  await db.insert(inspectionFormSections).values(sections);
  await db.insert(inspectionFormSectionFields).values(
    fields.map(({ sectionId, order, field, id }) => ({
      ...part,
      id,
      section_id: sectionId,
      name: field.name,
      field_type: field.type,
      points_threshold: points(field.options),
      order_number: order,
      enable_na: !!field.na,
      safety_critical: !!field.critical,
      required: requiredByDefault(field.type),
      can_add_comment: field.type !== 'TEXT',
      can_upload_image: field.type !== 'TEXT',
      is_copy: !!field.copies,
      copied_field_id: field.copies ? byKey.get(field.copies)! : null,
      conditional_field: !!field.when,
      conditions: field.when ? [{ field: byKey.get(field.when.key)!, operator: field.when.operator, value: field.when.value }] : [],
    })),
  );
  await db.insert(inspectionFormNotes).values(form.notes.map(([minimum_value, maximum_value, text]) => ({ ...part, minimum_value, maximum_value, text, text_en: english(text) })));
  await db.insert(inspectionFormReminders).values(form.reminders.map((text, order_number) => ({ ...part, text, text_en: english(text), order_number })));
  await db.insert(inspectionFormMultipliers).values(form.multipliers.map((m) => ({ ...part, ...m })));
}

export async function seedDemoInspectionForms(db: Db) {
  const organization = async (name: string) => rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM organizations WHERE name = ${name}`))[0].id;
  const garage = await organization('Garage Démo');
  // One after the other: the seed runs in one transaction, on one connection.
  await writeDemoForm(db, garage, PRE_DELIVERY);
  await writeDemoForm(db, garage, SEASONAL);
  await writeDemoForm(db, await organization('Autos Rivière'), COURTESY);
}
