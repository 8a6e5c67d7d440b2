// The official e-invoicing validation artefacts (../shared/validators/e-invoicing, not
// copied into the repository). Their validate.sh checks one document: the CII D16B and
// Factur-X EN16931 XSDs (xmllint), the CEN EN16931 and Factur-X EN16931 schematrons
// and, with --fr, the French BR-FR Flux 2 rules (Saxon-HE). Saxon compiling a
// schematron is most of the time, so `validateBatch` runs those same five checks on the
// same artefacts once for several documents (xmllint with every file, Saxon on a
// folder) and reads the SVRL the way validate.sh does. Every check must find 0 errors,
// the BR-FR rules included (validate.sh only reports them as information).
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const beside = (up: string) => fileURLToPath(new URL(`${up}shared/validators/e-invoicing/`, import.meta.url));
/** EINVOICE_VALIDATORS, else `../shared/validators/e-invoicing` beside the checkout (or beside a worktree's parent). */
export const VALIDATORS =
  [process.env.EINVOICE_VALIDATORS, beside('../../../'), beside('../../../../')]
    .filter((d): d is string => !!d)
    .map((d) => (d.endsWith('/') ? d : `${d}/`))
    .find((d) => existsSync(`${d}validate.sh`)) ?? beside('../../../');
const SAXON = process.env.SAXON || '/usr/share/java/Saxon-HE.jar';

/** Why the validators cannot run here (with the command to run), or null when they can. */
export function validatorsMissing(): string | null {
  if (!existsSync(`${VALIDATORS}validate.sh`)) return `validate.sh introuvable dans ${VALIDATORS}`;
  const tools = ['xmllint', 'java', 'pdfdetach'].filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
  if (!existsSync(SAXON)) tools.push(SAXON);
  return tools.length
    ? `outils manquants (${tools.join(', ')}) : apt-get install -y libxml2-utils libsaxonhe-java poppler-utils`
    : null;
}

export interface Check {
  label: string;
  errors: string[];
}

const XSDS = [
  ['CII D16B XSD', 'cii-d16b-xsd/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd'],
  ['Factur-X EN16931 XSD', 'facturx-en16931/Factur-X_EN16931.xsd'],
] as const;
const SCHEMATRONS = [
  ['CEN EN16931 CII schematron', 'en16931-cii-validation.xslt'],
  ['Factur-X EN16931 schematron', 'facturx-en16931/Factur-X_1.09_EN16931.xsl'],
  ['BR-FR Flux 2 schematron', 'fr-ctc-schematron/BR-FR-Flux2-Schematron-CII.xslt'],
] as const;

const run = (cmd: string, args: string[]) =>
  new Promise<{ code: number; out: string }>((resolve) =>
    execFile(cmd, args, { timeout: 300_000, maxBuffer: 64 << 20 }, (e, stdout, stderr) =>
      resolve({ code: e ? ((e as any).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );

/** The fatal rules an SVRL report lists (warnings and information aside), by id. */
export function svrlErrors(svrl: string): string[] {
  const out: string[] = [];
  for (const m of svrl.matchAll(/<svrl:(?:failed-assert|successful-report)\b([^>]*)>/g)) {
    const flag = /\bflag="([^"]*)"/.exec(m[1])?.[1]?.toLowerCase() ?? 'fatal';
    if (flag === 'warning' || flag === 'information') continue;
    out.push(/\bid="([^"]*)"/.exec(m[1])?.[1] ?? /\btest="([^"]{0,40})/.exec(m[1])?.[1] ?? '?');
  }
  return out;
}

/** The five checks of each XML file (in the order given): the errors each found. */
export async function validateBatch(xmlFiles: string[]): Promise<Check[][]> {
  const work = mkdtempSync(join(tmpdir(), 'einvoice-check-'));
  try {
    const names = xmlFiles.map((f, i) => `${i}-${basename(f).replace(/\.[^.]*$/, '')}.xml`);
    mkdirSync(join(work, 'in'));
    xmlFiles.forEach((f, i) => copyFileSync(f, join(work, 'in', names[i])));
    const inputs = names.map((n) => join(work, 'in', n));
    const [xsd, sch] = await Promise.all([
      Promise.all(XSDS.map(([, x]) => run('xmllint', ['--noout', '--schema', `${VALIDATORS}${x}`, ...inputs]))),
      Promise.all(
        SCHEMATRONS.map(async ([, x], k) => {
          const out = join(work, `svrl${k}`);
          mkdirSync(out);
          const r = await run('java', [
            '-cp',
            SAXON,
            'net.sf.saxon.Transform',
            `-s:${join(work, 'in')}`,
            `-xsl:${VALIDATORS}${x}`,
            `-o:${out}`,
          ]);
          return { r, out };
        }),
      ),
    ]);
    return inputs.map((input, i) => [
      ...XSDS.map(([label], k) => {
        const lines = xsd[k].out.split('\n').filter((l) => l.startsWith(input));
        const ok = lines.some((l) => l === `${input} validates`);
        return { label, errors: ok ? [] : lines.length ? lines.map((l) => l.slice(input.length)) : [xsd[k].out] };
      }),
      ...SCHEMATRONS.map(([label], k) => {
        const svrl = join(sch[k].out, names[i]);
        if (!existsSync(svrl)) return { label, errors: [`saxon: ${sch[k].r.out.trim().split('\n').pop()}`] };
        return { label, errors: svrlErrors(readFileSync(svrl, 'utf8')) };
      }),
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
