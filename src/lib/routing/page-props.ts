/**
 * A page shell's props: what its getStaticPaths handed it on a static build, or, when the page is
 * rendered on request (the editors' preview site), what the request's middleware worked out for it
 * (`locals.schoolPage`, declared in src/env.d.ts: on-demand pages get no getStaticPaths props).
 */
export function pageProps<P>(astro: { props: P; locals: App.Locals }): P {
  return (astro.locals.schoolPage as P | undefined) ?? astro.props;
}
