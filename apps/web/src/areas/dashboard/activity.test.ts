import { describe, expect, it } from 'vitest';
import { LOCALES } from '@atelier/domain';
import i18n from '../../i18n/index.ts';
import { ACTIVITY_EVENTS, ACTIVITY_SUBJECTS, activitySentence, type ActivityEntry, type LogSubject } from './activity.ts';

const fr = i18n.getFixedT('fr');
const en = i18n.getFixedT('en');
const marie = { firstname: 'Marie', lastname: 'Gagnon' };
const entry = (event: string, subject_type = 'requests', causer: ActivityEntry['causer'] = marie): ActivityEntry => ({
  id: 'l1',
  event,
  subject_type,
  subject_id: '0190e6a4-0000-7000-8000-000000000001',
  causer,
});
const request: LogSubject = { label: 'D-2026-0003', visible: true, assignee: 'Luc Bergeron' };

describe('activity sentences', () => {
  it('say who assigned which request to whom, in French and in English, with the record linked', () => {
    const frSentence = activitySentence(fr, entry('assign'), request);
    expect(frSentence.text).toBe('Marie Gagnon a assigné la demande D-2026-0003 à Luc Bergeron');
    expect(frSentence.parts).toEqual(['Marie Gagnon a assigné ', 'la demande D-2026-0003', ' à Luc Bergeron']);
    expect(frSentence.href).toBe('/vehicles/requests?id=0190e6a4-0000-7000-8000-000000000001&action=view');
    expect(activitySentence(en, entry('assign'), request).text).toBe('Marie Gagnon assigned request D-2026-0003 to Luc Bergeron');
  });

  const expected: Record<string, [string, string]> = {
    created: ['Marie Gagnon a créé la demande D-2026-0003', 'Marie Gagnon created request D-2026-0003'],
    updated: ['Marie Gagnon a modifié la demande D-2026-0003', 'Marie Gagnon updated request D-2026-0003'],
    deleted: ['Marie Gagnon a supprimé la demande D-2026-0003', 'Marie Gagnon deleted request D-2026-0003'],
    assign: ['Marie Gagnon a assigné la demande D-2026-0003 à Luc Bergeron', 'Marie Gagnon assigned request D-2026-0003 to Luc Bergeron'],
    approve: ['Marie Gagnon a approuvé la demande D-2026-0003', 'Marie Gagnon approved request D-2026-0003'],
    complete: ['Marie Gagnon a terminé la demande D-2026-0003', 'Marie Gagnon completed request D-2026-0003'],
    cancel: ['Marie Gagnon a annulé la demande D-2026-0003', 'Marie Gagnon canceled request D-2026-0003'],
    invite: ['Marie Gagnon a envoyé une invitation à la demande D-2026-0003', 'Marie Gagnon sent an invitation to request D-2026-0003'],
    activate: ['Marie Gagnon a activé la demande D-2026-0003', 'Marie Gagnon activated request D-2026-0003'],
    deactivate: ['Marie Gagnon a désactivé la demande D-2026-0003', 'Marie Gagnon deactivated request D-2026-0003'],
    copy: ['Marie Gagnon a copié la demande D-2026-0003', 'Marie Gagnon copied request D-2026-0003'],
    'attach-users': ['Marie Gagnon a ajouté des membres à la demande D-2026-0003', 'Marie Gagnon added members to request D-2026-0003'],
    'detach-users': ['Marie Gagnon a retiré des membres de la demande D-2026-0003', 'Marie Gagnon removed members from request D-2026-0003'],
  };

  it.each(ACTIVITY_EVENTS.map((e) => [e]))('has a sentence for the event %s in both languages', (event) => {
    expect(activitySentence(fr, entry(event), request).text).toBe(expected[event][0]);
    expect(activitySentence(en, entry(event), request).text).toBe(expected[event][1]);
  });

  it('says any other declared action in words, never by its raw name (issue 20, point 20)', () => {
    const repair: LogSubject = { label: 'R-2026-000007', visible: true };
    expect(activitySentence(fr, entry('start-clock', 'repairs'), repair).text).toBe('Marie Gagnon a démarré son chronomètre sur la réparation R-2026-000007');
    expect(activitySentence(en, entry('start-clock', 'repairs'), repair).text).toBe('Marie Gagnon started their clock on repair R-2026-000007');
    expect(activitySentence(fr, entry('reset-section', 'inspections'), repair).text).not.toContain('reset-section');
    // A name the translations do not know, even one of an object's own properties, is not looked up as a label.
    expect(activitySentence(en, entry('constructor'), request).text).toContain('“constructor”');
  });

  it('names users as users: an invitation reads naturally', () => {
    const luc: LogSubject = { label: 'Luc Bergeron', visible: true };
    expect(activitySentence(fr, entry('invite', 'users'), luc).text).toBe('Marie Gagnon a envoyé une invitation à l’utilisateur Luc Bergeron');
    expect(activitySentence(en, entry('invite', 'users'), luc).text).toBe('Marie Gagnon sent an invitation to user Luc Bergeron');
    expect(activitySentence(fr, entry('invite', 'users'), luc).href).toBe('/admin/users?id=0190e6a4-0000-7000-8000-000000000001&action=view');
  });

  it('links a record to its own page or the menu screen that lists its type (the registry), and only to a screen that exists', () => {
    const named: LogSubject = { label: 'x', visible: true };
    expect(activitySentence(fr, entry('updated', 'suppliers'), named).href).toBe('/purchases/suppliers?id=0190e6a4-0000-7000-8000-000000000001&action=view');
    expect(activitySentence(fr, entry('updated', 'locations'), named).href).toBe('/admin/locations?id=0190e6a4-0000-7000-8000-000000000001&action=view');
    expect(activitySentence(fr, entry('updated', 'inspections'), named).href).toBe('/inspecpro/inspections/0190e6a4-0000-7000-8000-000000000001');
    expect(activitySentence(fr, entry('updated', 'repairs'), named).href).toBe('/inspecpro/repairs/0190e6a4-0000-7000-8000-000000000001');
    // The spec's path names estimates, the type is estimations.
    expect(activitySentence(fr, entry('updated', 'estimations'), named).href).toBe('/inspecpro/estimates/0190e6a4-0000-7000-8000-000000000001');
    // A type without a screen (taxes are edited inside their group), and a name of Object, are not linked.
    expect(activitySentence(fr, entry('updated', 'taxes'), named).href).toBeNull();
    expect(activitySentence(fr, entry('updated', 'constructor'), named).href).toBeNull();
  });

  it('has a noun for every subject type, named and unnamed, in every language', () => {
    for (const locale of LOCALES) {
      const t = i18n.getFixedT(locale);
      for (const type of ACTIVITY_SUBJECTS) {
        const named = activitySentence(t, entry('created', type), { label: 'X-1', visible: true }).parts[1];
        const unnamed = activitySentence(t, entry('created', type), { label: null, visible: false }).parts[1];
        expect(named, `${locale} ${type}`).toMatch(/\S+ X-1$/);
        expect(named).not.toContain('dashboard:');
        expect(unnamed, `${locale} ${type}`).not.toMatch(/dashboard:|\{\{/);
      }
    }
  });

  it('falls back to sentences for an unknown event, an unknown type, a missing label, assignee or causer', () => {
    expect(activitySentence(fr, entry('frobnicate', 'widgets'), { label: 'W-9', visible: true }).text).toBe(
      'Marie Gagnon a effectué l’action « frobnicate » sur l’enregistrement W-9',
    );
    expect(activitySentence(en, entry('frobnicate', 'widgets'), { label: 'W-9', visible: true }).text).toBe('Marie Gagnon performed “frobnicate” on record W-9');
    expect(activitySentence(fr, entry('created', 'vehicles'), undefined).text).toBe('Marie Gagnon a créé un véhicule');
    expect(activitySentence(en, entry('created', 'vehicles'), undefined).text).toBe('Marie Gagnon created a vehicle');
    expect(activitySentence(fr, entry('assign'), { label: 'D-1', visible: true, assignee: null }).text).toBe('Marie Gagnon a assigné la demande D-1');
    expect(activitySentence(en, entry('assign'), { label: 'D-1', visible: true, assignee: null }).text).toBe('Marie Gagnon assigned request D-1');
    expect(activitySentence(fr, entry('updated', 'vehicles', null), { label: 'V', visible: true }).text).toBe('Le système a modifié le véhicule V');
    expect(activitySentence(en, entry('updated', 'vehicles', null), { label: 'V', visible: true }).text).toBe('The system updated vehicle V');
  });

  it('links only a record that exists, that the user may see, on a page the user may open', () => {
    expect(activitySentence(fr, entry('deleted'), request).href).toBeNull();
    expect(activitySentence(fr, entry('updated'), { ...request, visible: false }).href).toBeNull();
    expect(activitySentence(fr, entry('updated'), request, () => false).href).toBeNull();
    expect(activitySentence(fr, entry('updated', 'tags'), request).href).toBeNull();
  });
});
