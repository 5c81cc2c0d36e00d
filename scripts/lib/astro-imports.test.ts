import { describe, expect, it } from "vitest";
import { astroImports } from "./astro-imports";

describe("astroImports", () => {
  it("reads the frontmatter and the scripts Astro bundles, not the inline ones nor the markup", () => {
    const code = astroImports(`---
import Header from "../components/layout/Header.astro";
import type { Site } from "../shared/locales";
const { site } = Astro.props;
---
<!-- <script>import "../commented-out";</script> -->
<Header site={site} />
<p>import "../not-code"</p>
<script>
  import { initPage } from "./page-script";
  initPage();
</script>
<script is:inline>import("../inline-only");</script>
<script is:inline define:vars={{ site }}>console.log(site)</script>
<script type="application/ld+json">{"@context": "https://schema.org"}</script>
<script src="./loaded.ts"></script>
`);
    expect(code).toContain(`import Header from "../components/layout/Header.astro";`);
    expect(code).toContain(`import type { Site } from "../shared/locales";`);
    expect(code).toContain(`import { initPage } from "./page-script";`);
    expect(code).toContain(`import "./loaded.ts";`);
    for (const left of ["commented-out", "not-code", "inline-only", "schema.org", "console.log"]) expect(code).not.toContain(left);
  });

  it("reads the scripts of a component without frontmatter", () => {
    expect(astroImports(`<div></div>\n<script>import { go } from "../go";\ngo();</script>\n`)).toContain(`import { go } from "../go";`);
  });
});
