// OpenAPI path items of the hand-written routes (auth and domain modules), merged by
// the generator into api/generated/openapi.json. Pure data: the generator imports it.
import { SECURITY_PATHS, SECURITY_SCHEMAS } from './domain/security/openapi';
import { STAYS_PATHS, STAYS_SCHEMAS } from './domain/stays/openapi';
import { error, json } from './openapi-parts';


export const DOMAIN_PATHS: Record<string, object> = {
  '/rest/security/login': {
    post: {
      tags: ['security'],
      summary: 'Ouvre une session (cookie) pour un utilisateur',
      security: [],
      requestBody: { required: true, content: json({ type: 'object', required: ['login', 'password'], properties: { login: { type: 'string' }, password: { type: 'string' } } }) },
      responses: {
        200: { description: 'Session ouverte ; le cookie bivouac_sid_<port> est posé', content: json({ $ref: '#/components/schemas/SessionUser' }) },
        400: { description: 'Identifiant ou mot de passe incorrect, ou trop de tentatives', content: json(error) },
      },
    },
  },
  '/rest/logout': {
    get: { tags: ['security'], summary: 'Ferme la session sur le serveur', responses: { 200: { description: 'Session fermée' } } },
  },
  '/rest/security/me': {
    get: { tags: ['security'], summary: "L'utilisateur connecté", responses: { 200: { description: 'Utilisateur', content: json({ $ref: '#/components/schemas/SessionUser' }) }, 403: { description: 'Non connecté', content: json(error) } } },
  },
  ...SECURITY_PATHS,
  ...STAYS_PATHS,
};

export const DOMAIN_SCHEMAS: Record<string, object> = {
  SessionUser: {
    type: 'object',
    properties: {
      id: { type: 'integer' }, login: { type: 'string' }, name: { type: 'string' }, admin: { type: 'boolean' }, systeme: { type: 'boolean' },
      rights: { type: ['object', 'null'], description: 'fonctionnalité → drapeaux ; null pour un administrateur (tous les droits)' },
      functionalities: { type: ['array', 'null'], description: 'les mêmes droits en groupes de fonctionnalités (voir RightsBody)' },
      menus: { type: 'array', description: 'le menu principal de l’utilisateur' },
    },
  },
  ...SECURITY_SCHEMAS,
  ...STAYS_SCHEMAS,
};
