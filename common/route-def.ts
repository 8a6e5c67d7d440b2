// Shape of one generated /rest/ route (see api/generated/routes.ts).
export type Operation =
  | 'list'
  | 'get'
  | 'getEdit'
  | 'search'
  | 'export'
  | 'document'
  | 'documentInfo'
  | 'active'
  | 'byParent'
  | 'create'
  | 'update'
  | 'save'
  | 'delete'
  | 'order';
export type Access = 'read' | 'write' | 'delete' | 'export';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  entity: string;
  op: Operation;
  access: Access;
  /** for byParent: the reference field filtered on */
  field?: string;
}
