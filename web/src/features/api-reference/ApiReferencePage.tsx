import { Heading, Link, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef } from 'react';
import 'swagger-ui-dist/swagger-ui.css';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import { Standalone } from '../../components/Standalone';
import { API_BASE } from '../../api/client';

/**
 * The API reference: the OpenAPI document the API serves (generated from its route table),
 * drawn by Swagger UI, which loads with this page only.
 */
export function ApiReferencePage() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    SwaggerUIBundle({
      domNode: container.current,
      url: `${API_BASE}/openapi.json`,
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    });
  }, []);
  return (
    <Standalone>
      <Heading level={1}>Spaces API</Heading>
      <Text>
        Every route of the API, with what it takes and answers. The machine-readable document is at{' '}
        <Link href={`${API_BASE}/openapi.json`}>{`${API_BASE}/openapi.json`}</Link>.
      </Text>
      <div ref={container} />
    </Standalone>
  );
}
