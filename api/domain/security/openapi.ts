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
  UserRights: {
    type: 'object',
    properties: {
      userId: { type: 'integer' },
      login: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean' },
      systeme: { type: 'boolean' },
      groups: {
        type: 'array',
        items: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } },
      },
      specific: { type: 'boolean' },
      rights: { type: 'object', additionalProperties: { type: 'object' } },
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
    },
  },
};
