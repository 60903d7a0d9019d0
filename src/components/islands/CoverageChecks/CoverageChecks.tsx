/**
 * The coverage page's ZIP code and eSIM checks (docs/behaviour.md §2, §5). The ZIP check also tells the
 * order service (docs/behaviour.md §7); its answer is not used and a failure is only logged.
 */
import {
  coverageFor,
  coverageMessage,
  eligibilityPath,
  esimCompatibilityFor,
  esimMessage,
  imeiError,
  zipError,
} from '../../../lib/coverage/checks.ts';
import { fetchWithCsrf } from '../../../lib/http/fetch-with-csrf.ts';
import CheckForm from './CheckForm.tsx';
import './coverage-checks.css';

interface Props {
  /** The school's phone service name, e.g. "Husky Mobile". */
  brand: string;
}

function notifyOrderService(zip: string) {
  fetchWithCsrf(eligibilityPath(zip), {
    method: 'POST',
    body: zip,
    headers: { 'Content-Type': 'text/plain' },
  })
    .then((response) => {
      if (!response.ok) console.error(`Coverage check failed: HTTP ${response.status}`);
    })
    .catch((error: unknown) => console.error('Coverage check failed.', error));
}

export default function CoverageChecks({ brand }: Props) {
  return (
    <div className="coverage-checks">
      <CheckForm
        title="Check coverage by ZIP code"
        intro={`See whether ${brand} 5G service is available where you live.`}
        label="ZIP code"
        hint="5 digits, for example 90210"
        buttonText="Check coverage"
        autoComplete="postal-code"
        name="zip"
        validate={zipError}
        check={(zip) => {
          notifyOrderService(zip.trim());
          return coverageMessage(coverageFor(zip), zip, brand);
        }}
      />
      <CheckForm
        title="Check your phone for eSIM"
        intro="Find out whether your phone can activate instantly with eSIM."
        label="IMEI number"
        hint="15 digits: dial *#06# or look in Settings › About"
        buttonText="Check my phone"
        autoComplete="off"
        name="imei"
        validate={imeiError}
        check={(imei) => esimMessage(esimCompatibilityFor(imei))}
      />
    </div>
  );
}
