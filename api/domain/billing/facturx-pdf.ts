// The PDF/A-3 part of a Factur-X, written by pdfkit while the bill renders (api/pdf/jobs.ts)
// instead of loading the finished PDF again to attach it: factur-x.xml embedded as the
// document's associated file (the catalog's AF array and EmbeddedFiles name tree,
// AFRelationship Alternative, its MIME type and dates in Params), and beside pdfkit's
// PDF/A-3b identification (pdfaid part 3, conformance B, from the definition's subset) the
// XMP the Factur-X 1.0 specification asks for: the PDF/A extension schema declaring the fx
// namespace, and this document's fx properties.
export const FACTURX_FILE = 'factur-x.xml';

/** What of a pdfkit document (pdfmake's, before it ends) the embedding calls. */
export interface PdfKitTarget {
  file(
    src: Buffer,
    options: {
      name: string;
      type: string;
      description: string;
      relationship: string;
      creationDate: Date;
      modifiedDate: Date;
    },
  ): unknown;
  appendXML(xml: string): void;
}

const property = (name: string, description: string) => `
          <rdf:li rdf:parseType="Resource">
            <pdfaProperty:name>${name}</pdfaProperty:name>
            <pdfaProperty:valueType>Text</pdfaProperty:valueType>
            <pdfaProperty:category>external</pdfaProperty:category>
            <pdfaProperty:description>${description}</pdfaProperty:description>
          </rdf:li>`;

/** The Factur-X extension schema's four properties, as its specification describes them. */
const FX_PROPERTIES = [
  property('DocumentFileName', 'The name of the embedded XML document'),
  property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
  property('Version', 'The actual version of the standard applying to the embedded XML document'),
  property('ConformanceLevel', 'The conformance level of the embedded XML document'),
].join('');

/** The XMP descriptions of a Factur-X (the `rdf:RDF` pdfkit writes holds them). */
export const facturxXmp = (conformanceLevel = 'EN 16931') => `
  <rdf:Description rdf:about=""
      xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
      xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
      xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
    <pdfaExtension:schemas>
      <rdf:Bag>
        <rdf:li rdf:parseType="Resource">
          <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
          <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
          <pdfaSchema:prefix>fx</pdfaSchema:prefix>
          <pdfaSchema:property>
            <rdf:Seq>${FX_PROPERTIES}
            </rdf:Seq>
          </pdfaSchema:property>
        </rdf:li>
      </rdf:Bag>
    </pdfaExtension:schemas>
  </rdf:Description>
  <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
    <fx:DocumentType>INVOICE</fx:DocumentType>
    <fx:DocumentFileName>${FACTURX_FILE}</fx:DocumentFileName>
    <fx:Version>1.0</fx:Version>
    <fx:ConformanceLevel>${conformanceLevel}</fx:ConformanceLevel>
  </rdf:Description>`;

/**
 * Embeds `xml` as the Factur-X of the document being rendered. `at`: the file's dates,
 * the bill's (as the document's own), so that a re-render is the same bytes.
 */
export function embedFacturX(doc: PdfKitTarget, xml: string, at: Date): void {
  doc.file(Buffer.from(xml, 'utf8'), {
    name: FACTURX_FILE,
    type: 'text/xml',
    description: 'Factur-X',
    relationship: 'Alternative',
    creationDate: at,
    modifiedDate: at,
  });
  doc.appendXML(facturxXmp());
}
