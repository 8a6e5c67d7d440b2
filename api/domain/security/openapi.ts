// OpenAPI path items of the security, establishment and home routes (merged by the
// generator through api/openapi-domain.ts). Pure data.
import { error, json } from '../../openapi-parts';

const ok = (description: string, schema?: object) => ({ description, ...(schema ? { content: json(schema) } : {}) });
const denied = { 401: ok('Droit insuffisant', error), 403: ok('Non connecté', error) };
const idParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } });
const rights = { $ref: '#/components/schemas/RightsBody' };

export const SECURITY_PATHS: Record<string, object> = {
  '/rest/establishment/establishment/edit': {
    get: { tags: ['establishment'], summary: "L'établissement (enregistrement via POST …/edit avec son id)", responses: { 200: ok('Établissement'), ...denied } },
  },
  '/rest/establishment/establishment/header': {
    get: { tags: ['establishment'], summary: 'Titre des pages (nom, sinon nom court, sinon Bivouac), logos, version', responses: { 200: ok('En-tête'), 403: denied[403] } },
  },
  '/rest/establishment/establishment/getLogo': {
    get: {
      tags: ['establishment'], summary: "Logo de l'établissement, ou du groupe avec kind=group",
      parameters: [{ name: 'kind', in: 'query', schema: { enum: ['logo', 'group'] } }],
      responses: { 200: { description: 'Image', content: { 'image/png': {}, 'image/jpeg': {}, 'image/gif': {} } }, 404: ok('Aucun logo', error), 403: denied[403] },
    },
  },
  '/rest/establishment/establishment/setLogo': {
    post: {
      tags: ['establishment'], summary: 'Enregistre le logo (.jpg .jpeg .png .gif, 512 Kio au plus)',
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['uploadfile'], properties: { uploadfile: { type: 'string', format: 'binary' }, kind: { enum: ['logo', 'group'] } } } } } },
      responses: { 200: ok('Enregistré'), 400: ok('Image trop volumineuse, ou format refusé', error), ...denied },
    },
  },
  '/rest/establishment/establishment/deleteLogo': {
    post: { tags: ['establishment'], summary: 'Supprime le logo (kind=group : celui du groupe)', parameters: [{ name: 'kind', in: 'query', schema: { enum: ['logo', 'group'] } }], responses: { 200: ok('Supprimé'), ...denied } },
  },
  '/rest/establishment/establishment/document': {
    get: { tags: ['establishment'], summary: "Guide de l'utilisateur (PDF)", responses: { 200: { description: 'PDF', content: { 'application/pdf': {} } }, 403: denied[403] } },
  },
  '/rest/financial-year/close/{id}': {
    post: {
      tags: ['establishment'], summary: "Clôture un exercice (utilisateur technique seulement) : terminé, exercices antérieurs clos, exercice suivant créé", parameters: [idParam('id')],
      responses: {
        200: ok('Clôturé (status SAVED) avec l’exercice', { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' }, item: { $ref: '#/components/schemas/FinancialYear' } } }),
        400: ok('Déjà clos, exercice non terminé, exercice antérieur ouvert ou exercice suivant absent', error), 404: ok('Exercice inconnu', error), ...denied,
      },
    },
  },
  '/rest/establishment/init-demo': {
    post: { tags: ['establishment'], summary: 'Réinitialise les données de démonstration (administrateurs)', responses: { 200: ok('Réinitialisé'), 400: ok('Données protégées par la loi', error), ...denied } },
  },
  '/rest/establishment/preference/group/edit': {
    get: { tags: ['establishment'], summary: 'Paramètres de groupe (PreferenceGroup)', responses: { 200: ok('Liste'), ...denied } },
    post: {
      tags: ['establishment'], summary: "Crée ou modifie les paramètres de groupe d'un prestataire",
      requestBody: { required: true, content: json({ type: 'object', required: ['providerId'], properties: { providerId: { type: 'string' }, isClientSyncActive: { type: 'boolean' }, type: { const: 'GROUPE' } } }) },
      responses: { 200: ok('Enregistré'), ...denied },
    },
  },
  '/rest/establishment/preference/group/edit/{providerId}': {
    get: { tags: ['establishment'], summary: "Paramètres de groupe d'un prestataire", parameters: [{ name: 'providerId', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: ok('Paramètres'), 404: ok('Inconnu', error), ...denied } },
  },
};

const sub = {
  type: 'object',
  properties: {
    key: { type: 'string', examples: ['camp.pitch'] }, label: { type: 'string' },
    rights: { enum: ['000', '001', '011', '111'], description: 'lecture à droite, modification au milieu, suppression à gauche' },
    canSelect: { type: 'boolean' }, canWrite: { type: 'boolean' }, canDelete: { type: 'boolean' }, canExport: { type: 'boolean' },
  },
};

export const SECURITY_SCHEMAS: Record<string, object> = {
  RightsBody: {
    type: 'object',
    description: 'Groupes de fonctionnalités avec leurs sous-fonctionnalités ; la chaîne à trois chiffres prime sur les drapeaux. Forme plate acceptée : { rights: { "camp.pitch": { rights: "011", canExport: true } } }',
    properties: {
      functionalities: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, label: { type: 'string' }, subFunctionalities: { type: 'array', items: sub } } } },
      rights: { type: 'object', additionalProperties: sub },
    },
  },
  UserRights: {
    type: 'object',
    properties: {
      userId: { type: 'integer' }, login: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' }, systeme: { type: 'boolean' },
      groups: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } } },
      specific: { type: 'boolean' },
      rights: { type: 'object', additionalProperties: { type: 'object' } },
      functionalities: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' }, label: { type: 'string' }, subFunctionalities: { type: 'array', items: sub } } } },
    },
  },
};
