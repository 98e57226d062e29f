const ts = require('typescript'); const fs = require('fs'); const path = require('path');
const files = (f) => fs.readdirSync(f).flatMap((n) => { const p = path.join(f, n); return fs.statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : []; });
const out = [];
for (const file of files(process.argv[2] || 'src/core')) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
      const a = sf.getLineAndCharacterOfPosition(n.getStart()).line, b = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      if (b - a + 1 > 60) out.push([b - a + 1, `${file}:${a + 1} ${n.name ? n.name.getText() : '(anon)'}`]);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
out.sort((x, y) => y[0] - x[0]).forEach(([n, s]) => console.log(n, s));
console.log(out.length);
