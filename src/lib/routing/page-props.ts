/**
 * A page shell's props: what its getStaticPaths handed it on a static build, or, when the page is
 * rendered on request (the editors' preview site), what the request's middleware worked out for it
 * (`locals.schoolPage`: on-demand pages get no getStaticPaths props).
 */
declare global {
  namespace App {
    interface Locals {
      schoolPage?: unknown;
    }
  }
}

export function pageProps<P>(astro: { props: P; locals: App.Locals }): P {
  return (astro.locals.schoolPage as P | undefined) ?? astro.props;
}
