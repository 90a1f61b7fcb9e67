/**
 * Which TypeORM columns a model has, and what each is called on the wire.
 *
 * @module
 */
import type { EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';

/** The wire name of a column: its property, or its database name when only a relation holds it. */
export function wireName(column: ColumnMetadata): string {
  return column.isVirtual ? column.databaseName : column.propertyPath;
}

/** A model's own columns (no virtual-property or select-less ones). */
export function ownColumns(metadata: EntityMetadata): ColumnMetadata[] {
  return metadata.columns.filter((c) => !c.isVirtualProperty);
}
