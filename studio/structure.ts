/**
 * What editors see: site settings (one document), the school registry, the product documents every
 * school inherits (src/lib/content/inheritance/: one per type and variant, ids `product-…`), then
 * each school's documents grouped by the page they appear on: what the school overrides. A
 * document created inside a school's folder already points at that school.
 */
import { CogIcon } from '@sanity/icons/Cog';
import { CubeIcon } from '@sanity/icons/Cube';
import { FolderIcon } from '@sanity/icons/Folder';
import type { StructureResolver } from 'sanity/structure';
import { PRODUCT_ID_PREFIX } from '../src/lib/content/inheritance/index.ts';
import { SCHOOL_DOCUMENT_GROUPS } from './schemaTypes/index.ts';

export const structure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Site settings')
        .icon(CogIcon)
        .child(
          S.document().schemaType('siteSettings').documentId('siteSettings').title('Site settings'),
        ),
      S.divider(),
      S.listItem()
        .title('Product (every school)')
        .icon(CubeIcon)
        .child(
          S.list()
            .title('Product')
            .items(
              SCHOOL_DOCUMENT_GROUPS.flatMap((group, index) => [
                ...(index ? [S.divider()] : []),
                ...group.types.map((type) =>
                  S.listItem()
                    .id(`product-${type.name}`)
                    .title(`${group.title}: ${type.title}`)
                    .schemaType(type.name)
                    .child(
                      S.documentList()
                        .title(type.title ?? type.name)
                        .schemaType(type.name)
                        .filter(`_type == $type && string::startsWith(_id, "${PRODUCT_ID_PREFIX}")`)
                        .params({ type: type.name }),
                    ),
                ),
              ]),
            ),
        ),
      S.documentTypeListItem('school').title('Schools'),
      S.listItem()
        .title('Content by school')
        .icon(FolderIcon)
        .child(
          S.documentTypeList('school')
            .title('Content by school')
            .child((schoolId) =>
              S.list()
                .title('Pages')
                .items(
                  SCHOOL_DOCUMENT_GROUPS.flatMap((group, index) => [
                    ...(index ? [S.divider()] : []),
                    ...group.types.map((type) =>
                      S.listItem()
                        .id(type.name)
                        .title(`${group.title}: ${type.title}`)
                        .schemaType(type.name)
                        .child(
                          S.documentList()
                            .title(type.title ?? type.name)
                            .schemaType(type.name)
                            .filter('_type == $type && school._ref == $schoolId')
                            .params({ type: type.name, schoolId })
                            .initialValueTemplates([
                              S.initialValueTemplateItem(`${type.name}-for-school`, { schoolId }),
                            ]),
                        ),
                    ),
                  ]),
                ),
            ),
        ),
      S.divider(),
      ...SCHOOL_DOCUMENT_GROUPS.flatMap((group) => group.types).map((type) =>
        S.documentTypeListItem(type.name).title(`All schools: ${type.title}`),
      ),
    ]);
