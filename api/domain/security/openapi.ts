// Named schemas of the security routes (rights of users and groups), registered by
// ./routes.ts with defineSchemas. Pure data.
const sub = {
  type: 'object',
  properties: {
    key: { type: 'string', examples: ['camp.pitch'] },
    label: { type: 'string' },
    rights: {
      enum: ['000', '001', '011', '111'],
      description: 'lecture à droite, modification au milieu, suppression à gauche',
    },
    canSelect: { type: 'boolean' },
    canWrite: { type: 'boolean' },
    canDelete: { type: 'boolean' },
    canExport: { type: 'boolean' },
  },
};

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const obj = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** functionality key → its flags (common/rights.ts RightsMap), every functionality present */
const rightsMap = { type: 'object', additionalProperties: ref('RightFlags') };
/** the same rights as functionality groups (common/rights.ts toGroups) */
const functionalities = { type: 'array', items: ref('FunctionalityRights') };

export const SECURITY_SCHEMAS: Record<string, object> = {
  RightsBody: {
    type: 'object',
    description:
      'Groupes de fonctionnalités avec leurs sous-fonctionnalités ; la chaîne à trois chiffres prime sur les ' +
      'drapeaux. Forme plate acceptée : { rights: { "camp.pitch": { rights: "011", canExport: true } } }',
    properties: {
      functionalities: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            key: { type: 'string' },
            label: { type: 'string' },
            subFunctionalities: { type: 'array', items: sub },
          },
        },
      },
      rights: { type: 'object', additionalProperties: sub },
    },
  },
  RightFlags: obj({ canRead: bool, canWrite: bool, canDelete: bool, canExport: bool }),
  FunctionalityRights: {
    ...obj({
      key: str,
      label: str,
      subFunctionalities: {
        type: 'array',
        items: obj({
          key: str,
          label: str,
          rights: sub.properties.rights,
          canSelect: bool,
          canWrite: bool,
          canDelete: bool,
          canExport: bool,
        }),
      },
    }),
    description: 'un groupe de fonctionnalités et les droits de chacune de ses sous-fonctionnalités',
  },
  UserRights: {
    type: 'object',
    additionalProperties: false,
    required: ['userId', 'login', 'name', 'admin', 'systeme', 'groups', 'specific', 'rights', 'functionalities'],
    properties: {
      status: { const: 'SAVED' },
      userId: int,
      login: str,
      name: str,
      admin: bool,
      systeme: bool,
      groups: { type: 'array', items: obj({ id: int, label: str, isActive: bool }) },
      specific: { ...bool, description: "l'utilisateur a des droits spécifiques" },
      rights: rightsMap,
      functionalities,
    },
  },
  GroupRights: {
    type: 'object',
    additionalProperties: false,
    required: ['groupId', 'label', 'isActive', 'members', 'rights', 'functionalities'],
    properties: {
      status: { const: 'SAVED' },
      groupId: int,
      label: str,
      isActive: bool,
      members: { type: 'array', items: obj({ id: int, login: str, name: str }) },
      rights: rightsMap,
      functionalities,
    },
  },
  UserGroupMembership: obj({
    id: int,
    label: str,
    description: { type: ['string', 'null'] },
    isActive: bool,
    member: bool,
  }),
  /** common/menu-tree.ts MenuEntry: an item, or a node or header holding entries */
  MenuEntry: {
    oneOf: [
      obj({ type: { const: 'item' }, key: str, label: str, route: str }),
      obj({
        type: { enum: ['node', 'header'] },
        key: str,
        path: str,
        label: str,
        defaultLabel: str,
        contextId: int,
        clickable: bool,
        children: { type: 'array', items: { $ref: '#/components/schemas/MenuEntry' } },
      }),
    ],
  },
};
