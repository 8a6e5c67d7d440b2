// /price/grid-list: the price grids; a row opens /price/grid/{id}/{model}/{placeType}/{version}.
import { BooleanField, ReferenceField, TextField } from 'react-admin';
import { meta as gridMeta } from '../../common/generated/meta/price-grid';
import { choicesOf, GRID_LIST, withRoutes } from './common';
import { EntityList, EnumField, NumberFr } from '../../admin/src/ui';

// The row link is filled from the record, so its pattern names the grid's own field
// (priceModel); the route itself calls that segment {priceGridModeleId} (./index.ts).
export const gridListMeta = withRoutes(
  gridMeta,
  GRID_LIST,
  '/price/grid/:priceGridId/:priceModel/:placeTypeId/:historyVersion',
);

export default function GridList() {
  return (
    <EntityList meta={gridListMeta}>
      <TextField source="label" label="Libellé" />
      <ReferenceField source="placeTypeId" label="Type d'emplacement" reference="place-type" link={false} />
      <EnumField source="priceModel" label="Modèle de prix" choices={choicesOf(gridMeta, 'priceModel')} />
      <EnumField
        source="occupantPriceModel"
        label="Modèle des occupants"
        choices={choicesOf(gridMeta, 'occupantPriceModel')}
      />
      <NumberFr source="historyVersion" label="Version" />
      <BooleanField source="isActive" label="Active" />
    </EntityList>
  );
}
