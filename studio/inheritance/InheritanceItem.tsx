/**
 * The form's list item component (sanity.config's `form.components.item`): an item of a school's
 * list is named as the school's page shows it. An item the school lists only to override some of
 * its fields (Override for this school on the list lists the product's items by their key, with no
 * values of their own) would otherwise read "Untitled"; its preview gets the item resolved with
 * the product's values and the school's words. Only the preview: the item's value, what Duplicate
 * and Copy take, stays the school's own.
 */
import type { ComponentType } from 'react';
import type { ItemProps, RenderPreviewCallbackProps } from 'sanity';
import type { FieldPath } from '../../src/lib/content/inheritance/index.ts';
import { itemAsShown, documentRole, fieldPathOf } from './field-state.ts';
import { useSchoolForm, type InheritanceHooks } from './InheritanceField.tsx';

type PreviewingItem = ItemProps & {
  inputProps: { renderPreview: (props: RenderPreviewCallbackProps) => unknown };
};

const previews = (props: ItemProps): props is PreviewingItem =>
  typeof (props as Partial<PreviewingItem>).inputProps?.renderPreview === 'function';

export function createInheritanceItem(hooks: InheritanceHooks): ComponentType<ItemProps> {
  function SchoolItem({
    props,
    type,
    path,
  }: {
    props: PreviewingItem;
    type: string;
    path: FieldPath & [string, ...FieldPath];
  }) {
    const { source, document } = useSchoolForm(hooks, type, path[0]);
    const shown = source && itemAsShown(source, document, path);
    if (!shown || typeof shown !== 'object') return props.renderDefault(props);
    const renderPreview = props.inputProps.renderPreview;
    return props.renderDefault({
      ...props,
      inputProps: {
        ...props.inputProps,
        renderPreview: (preview: RenderPreviewCallbackProps) =>
          renderPreview({ ...preview, value: shown }),
      },
    } as ItemProps);
  }

  function InheritanceItem(props: ItemProps) {
    const id = hooks.useFormValue(['_id']);
    const type = hooks.useFormValue(['_type']);
    const path = fieldPathOf(props.path);
    if (
      documentRole({ _id: id, _type: type }) !== 'school' ||
      typeof type !== 'string' ||
      typeof path?.[0] !== 'string' ||
      !previews(props)
    )
      return props.renderDefault(props);
    return <SchoolItem props={props} type={type} path={path as FieldPath & [string]} />;
  }
  return InheritanceItem;
}
