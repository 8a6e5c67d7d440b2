// Levels and flags of §6 (docs/rights.md), the get_right / set_right body, the rights entities' schemas.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALL_RIGHTS,
  LEVELS,
  NO_RIGHT,
  emptyRightsMap,
  flagsOf,
  includes,
  levelOf,
  normalise,
  toGroups,
  union,
} from '../../../common/rights';
import { FUNCTIONAL_AREAS, FUNCTIONALITY_KEYS } from '../../../common/functionalities';
import { parseRightsBody } from '../../../api/domain/security/rights-body';
import { rightsFromRows } from '../../../api/auth/rights';
import { newlyGranted } from '../../../api/domain/security/rights';
import { meta as groupRight } from '../../../common/generated/meta/group-right';
import { meta as userRight } from '../../../common/generated/meta/user-right';

const flags = fc.record({
  canRead: fc.boolean(),
  canWrite: fc.boolean(),
  canDelete: fc.boolean(),
  canExport: fc.boolean(),
});

describe('levels', () => {
  it('000 none, 001 read, 011 create/modify, 111 create/modify/delete', () => {
    expect(flagsOf('000')).toEqual(NO_RIGHT);
    expect(flagsOf('001')).toEqual({ canRead: true, canWrite: false, canDelete: false, canExport: false });
    expect(flagsOf('011', true)).toEqual({ canRead: true, canWrite: true, canDelete: false, canExport: true });
    expect(flagsOf('111')).toEqual({ canRead: true, canWrite: true, canDelete: true, canExport: false });
    expect(flagsOf('000', true).canExport).toBe(false);
    for (const l of LEVELS) expect(levelOf(flagsOf(l))).toBe(l);
  });

  it('normalise closes flags upward and always gives a level', () => {
    fc.assert(
      fc.property(flags, (f) => {
        const n = normalise(f);
        expect(flagsOf(levelOf(n), n.canExport)).toEqual(n);
        expect(
          includes(n, f.canExport && !f.canRead && !f.canWrite && !f.canDelete ? { ...f, canExport: false } : f),
        ).toBe(true);
        expect(normalise(n)).toEqual(n);
      }),
    );
  });

  it('union and inclusion', () => {
    fc.assert(
      fc.property(flags, flags, (a, b) => {
        const u = union(a, b);
        expect(includes(u, a) && includes(u, b)).toBe(true);
        expect(includes(ALL_RIGHTS, a)).toBe(true);
        expect(includes(NO_RIGHT, a)).toBe(!a.canRead && !a.canWrite && !a.canDelete && !a.canExport);
      }),
    );
  });

  it('newlyGranted keeps only what the change adds', () => {
    const current = new Map([
      ['camp.pitch', flagsOf('011')],
      ['camp.plan', flagsOf('111')],
    ]);
    const next = new Map([
      ['camp.pitch', flagsOf('111')],
      ['camp.plan', flagsOf('001')],
      ['sale.sale', flagsOf('001', true)],
    ]);
    expect(Object.fromEntries(newlyGranted(current, next))).toEqual({
      'camp.pitch': { canRead: false, canWrite: false, canDelete: true, canExport: false },
      'sale.sale': { canRead: true, canWrite: false, canDelete: false, canExport: true },
    });
  });
});

describe('rights maps', () => {
  it('hold every functionality, unions of rows, unknown keys ignored', () => {
    const m = rightsFromRows([
      { functionality: 'camp.pitch', canRead: true },
      { functionality: 'camp.pitch', canDelete: true },
      { functionality: 'camp.pitch', canRead: true, canExport: true },
      { functionality: 'nothing.here', canRead: true },
    ]);
    expect([...m.keys()].sort()).toEqual([...FUNCTIONALITY_KEYS].sort());
    expect(m.get('camp.pitch')).toEqual(ALL_RIGHTS);
    expect(m.get('camp.plan')).toEqual(NO_RIGHT);
  });

  it('toGroups gives the §3 shape: areas, sub-functionality entries, three-digit string', () => {
    const map = emptyRightsMap();
    map['booking.unavailability'] = flagsOf('011', true);
    const groups = toGroups(map);
    expect(groups.map((g) => g.key)).toEqual(FUNCTIONAL_AREAS.map((a) => a.key));
    const booking = groups.find((g) => g.key === 'booking')!;
    expect(booking.label).toBe('Réservations');
    expect(booking.subFunctionalities[1]).toEqual({
      key: 'booking.unavailability',
      label: 'Indisponibilités',
      rights: '011',
      canSelect: true,
      canWrite: true,
      canDelete: false,
      canExport: true,
    });
  });
});

describe('set_right body', () => {
  it('reads the groups shape: the three-digit string wins, else the flags', () => {
    const m = parseRightsBody({
      functionalities: [
        {
          key: 'camp',
          subFunctionalities: [
            { key: 'camp.pitch', rights: '001', canWrite: true, canExport: true },
            { key: 'camp.plan', canSelect: false, canWrite: true },
          ],
        },
      ],
    });
    expect(m.get('camp.pitch')).toEqual(flagsOf('001', true));
    expect(m.get('camp.plan')).toEqual(flagsOf('011'));
    expect(m.size).toBe(2);
  });

  it('reads the flat shape and refuses the rest', () => {
    expect(parseRightsBody({ rights: { 'sale.sale': { level: '111' } } }).get('sale.sale')).toEqual(flagsOf('111'));
    expect(() => parseRightsBody({ rights: { 'sale.sale': { rights: '010' } } })).toThrow('Niveau de droits invalide');
    expect(() => parseRightsBody({ rights: { 'sale.nope': { rights: '001' } } })).toThrow(
      'Fonctionnalité inconnue : sale.nope',
    );
    expect(() => parseRightsBody({ rights: { 'sale.sale': { canRead: 'oui' } } })).toThrow('Formulaire incorrect');
    expect(() => parseRightsBody([])).toThrow();
    expect(() => parseRightsBody({ functionalities: [{ key: 'x' }] })).toThrow();
  });
});

describe('rights entities', () => {
  it('name exactly the functionalities of §6', () => {
    for (const m of [groupRight, userRight]) {
      expect(m.fields.find((f) => f.name === 'functionality')!.enum).toEqual(FUNCTIONALITY_KEYS);
    }
  });
});
