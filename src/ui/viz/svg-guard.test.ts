// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { AriadneError } from '../../core/errors';
import { assertSafeSvg, onlyLocalUrls } from './svg-guard';

/** The shape of Mermaid's strict flowchart output with SVG text labels. */
const MERMAID_LIKE = `<svg id="ariadne-diagram-1" width="100%" xmlns="http://www.w3.org/2000/svg" class="flowchart" viewBox="0 0 200 100" role="graphics-document document" aria-roledescription="flowchart-v2">
<style>#ariadne-diagram-1{font-family:"trebuchet ms",verdana,arial,sans-serif;}#ariadne-diagram-1 .marker{fill:#333;}</style>
<g><marker id="ariadne-diagram-1_flowchart-v2-pointEnd" viewBox="0 0 10 10"><path d="M 0 0 L 10 5 L 0 10 z"/></marker>
<g class="edgePaths"><path d="M10,10L90,10" marker-end="url(#ariadne-diagram-1_flowchart-v2-pointEnd)" style="fill:none;"/></g>
<g class="node default company" id="ariadne-diagram-1-flowchart-n0-0" data-id="n0" transform="translate(40 20)"><rect class="basic label-container" style="fill:#dbeafe !important" x="-30" y="-15" width="60" height="30"/>
<g class="label"><text><tspan>Stripe</tspan></text></g></g></g></svg>`;

function refusal(svg: string): unknown {
  try {
    assertSafeSvg(svg);
    return undefined;
  } catch (error) {
    return error;
  }
}

const wrap = (inner: string): string => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;

describe('assertSafeSvg', () => {
  it('accepts the SVG Mermaid draws: styles, markers and links inside the drawing', () => {
    expect(refusal(MERMAID_LIKE)).toBeUndefined();
  });

  it.each([
    ['a script', wrap('<script>alert(1)</script>')],
    ['an HTML island', wrap('<foreignObject><div>x</div></foreignObject>')],
    ['an event handler', wrap('<rect onclick="alert(1)"/>')],
    ['an event handler on the root', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['a link', wrap('<a href="https://evil.example/"><text>x</text></a>')],
    ['an outside image', wrap('<image href="https://evil.example/p.png"/>')],
    ['an outside use', wrap('<use href="https://evil.example/s.svg#x"/>')],
    ['a javascript: use', wrap('<use xlink:href="javascript:alert(1)"/>')],
    ['an animation that sets a link', wrap('<set attributeName="href" to="javascript:alert(1)"/>')],
    ['an outside url() in a style', wrap('<style>.a{background:URL( "https://evil.example/x" )}</style>')],
    ['an @import', wrap('<style>@import "https://evil.example/x.css";</style>')],
    ['an outside url() in an attribute', wrap('<rect style="fill:url(https://evil.example/x)"/>')],
    ['an iframe', wrap('<iframe src="https://evil.example/"></iframe>')],
    ['two roots', `${wrap('')}${wrap('')}`],
    ['HTML instead of SVG', '<div>x</div>'],
    ['nothing', ''],
  ])('refuses %s with code forbidden', (_what, svg) => {
    const error = refusal(svg);
    expect(error).toBeInstanceOf(AriadneError);
    expect(error).toMatchObject({ code: 'forbidden' });
  });

  it('checks the markup as the panel will parse it: text after a closed <svg> is a second node', () => {
    expect(refusal(`${wrap('')}<img src=x onerror=alert(1)>`)).toMatchObject({ code: 'forbidden' });
  });
});

describe('onlyLocalUrls', () => {
  it('tells links inside the document from outside ones, in any case', () => {
    expect(onlyLocalUrls('marker-end: url(#a); fill: url( "#b")')).toBe(true);
    expect(onlyLocalUrls('M 0 0 L 10 10')).toBe(true);
    expect(onlyLocalUrls('fill: url(#a); stroke: Url(data:image/png;base64,AAAA)')).toBe(false);
    expect(onlyLocalUrls('@IMPORT "x.css"')).toBe(false);
  });
});
