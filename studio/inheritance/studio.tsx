/**
 * The inheritance field component bound to the Studio: the form's values (`useFormValue`), the
 * document store's listening queries in the Studio's perspective (a draft or a release's version of
 * the product document shows in every school's form), Presentation's page and opened field, and
 * the router's intent links. Each query is shared by every field of a document: one listener per
 * product document (its overview) and per school's document (what it inherits), not one per field.
 */
import { useEffect, useState } from 'react';
import { map, shareReplay, type Observable } from 'rxjs';
import {
  set,
  unset,
  useDocumentStore,
  useFormValue,
  usePerspective,
  type DocumentStore,
  type FieldProps,
  type ItemProps,
} from 'sanity';
import { usePresentationParams } from 'sanity/presentation';
import { useIntentLink } from 'sanity/router';
import type { ComponentType } from 'react';
import {
  SCHOOL_SOURCE_LISTEN,
  SCHOOL_SOURCE_QUERY,
  schoolSourceOf,
  schoolSourceParams,
  type SchoolSourceAnswer,
} from './field-state.ts';
import { createInheritanceField, type InheritanceHooks } from './InheritanceField.tsx';
import { createInheritanceItem } from './InheritanceItem.tsx';
import {
  OVERVIEW_LISTEN,
  overviewParams,
  productOverview,
  productOverviewQuery,
  type OverviewAnswer,
} from './overview.ts';
import { SCHOOL_BY_ADDRESS_QUERY, type AddressedSchool } from './presentation-school.ts';

const TAG = 'inheritance';

type Params = Record<string, string | number | string[]>;

/** One shared listener per query, parameters and perspective, for every field that asks. */
const listeners = new WeakMap<DocumentStore, Map<string, Observable<unknown>>>();

function sharedListener<A, T>(
  store: DocumentStore,
  key: string,
  listen: () => Observable<A>,
  read: (answer: A) => T,
): Observable<T> {
  let forStore = listeners.get(store);
  if (!forStore) listeners.set(store, (forStore = new Map<string, Observable<unknown>>()));
  let shared = forStore.get(key) as Observable<T> | undefined;
  if (!shared) {
    // The last field to go stops the listener; the next one to ask starts it again.
    shared = listen().pipe(map(read), shareReplay({ bufferSize: 1, refCount: true }));
    forStore.set(key, shared);
  }
  return shared;
}

function useListening<A, T>(
  query: { fetch: string; listen: string } | undefined,
  params: Params,
  read: (answer: A) => T,
): T | undefined {
  const store = useDocumentStore();
  const { perspectiveStack } = usePerspective();
  const key = query ? JSON.stringify([query.fetch, params, perspectiveStack]) : '';
  // The same observable for the same key, whichever field asks (and however often it draws).
  const observable =
    query &&
    sharedListener(
      store,
      key,
      () =>
        store.listenQuery(query, params, {
          perspective: perspectiveStack,
          tag: TAG,
        }) as Observable<A>,
      read,
    );
  const [latest, setLatest] = useState<{ key: string; value: T }>();
  useEffect(() => {
    if (!observable) return undefined;
    const subscription = observable.subscribe({
      next: (value) => setLatest({ key, value }),
      // A failed query leaves the fields as Sanity draws them.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [observable, key]);
  return latest?.key === key ? latest.value : undefined;
}

const studioHooks: InheritanceHooks = {
  useFormValue: (path) => useFormValue([...path]),
  useSchoolSource(productId, schoolId) {
    return useListening(
      schoolId ? { fetch: SCHOOL_SOURCE_QUERY, listen: SCHOOL_SOURCE_LISTEN } : undefined,
      schoolId ? schoolSourceParams(productId, schoolId) : {},
      (answer: SchoolSourceAnswer) => schoolSourceOf(answer),
    );
  },
  useProductOverview(product) {
    return useListening(
      product.id
        ? { fetch: productOverviewQuery(product.type), listen: OVERVIEW_LISTEN }
        : undefined,
      overviewParams(product),
      (answer: OverviewAnswer) => productOverview(answer),
    );
  },
  usePresentation() {
    const params = usePresentationParams(false);
    return params ? { preview: params.preview, path: params.path } : null;
  },
  useSchoolByAddress(seoSlug) {
    return useListening(
      seoSlug ? { fetch: SCHOOL_BY_ADDRESS_QUERY, listen: '*[_type == "school"]' } : undefined,
      seoSlug ? { seoSlug } : {},
      (answer: AddressedSchool | null) => answer,
    );
  },
  useIntentLink: (intent, params) => useIntentLink({ intent, params }),
};

/** For sanity.config's `form.components.field`. */
export const InheritanceField: ComponentType<FieldProps> = createInheritanceField(studioHooks, {
  set: (value, path) => set(value, path),
  unset: (path) => unset(path),
});

/** For sanity.config's `form.components.item`. */
export const InheritanceItem: ComponentType<ItemProps> = createInheritanceItem(studioHooks);
