/**
 * Hand-written name lists added to the gazetteer (in every training fold), for the
 * two types the public training sets barely cover: technology (programming
 * languages, frameworks, protocols, standards, platforms) and product.
 * Space-separated tokens, as the tokenizer splits them.
 */

export const TECHNOLOGY_NAMES: readonly string[] = [
  // Programming languages
  'JavaScript', 'TypeScript', 'Python', 'Java', 'C++', 'C#', 'F#', 'Golang', 'Rust', 'Ruby', 'PHP', 'Perl',
  'Swift', 'Kotlin', 'Scala', 'Haskell', 'Erlang', 'Elixir', 'Clojure', 'Lisp', 'Common Lisp', 'Prolog',
  'Fortran', 'COBOL', 'Pascal', 'BASIC', 'Visual Basic', 'Objective-C', 'Lua', 'MATLAB',
  'Dart', 'OCaml', 'Smalltalk', 'Simula', 'ALGOL', 'APL', 'Bash', 'PowerShell', 'SQL', 'Solidity', 'Zig', 'Nim',
  'WebAssembly', 'Verilog', 'VHDL', 'Groovy', 'CoffeeScript', 'Racket', 'Mathematica',
  // Frameworks, libraries, runtimes
  'React', 'Angular', 'Vue', 'Vue.js', 'Svelte', 'Next.js', 'Node.js', 'Deno', 'Django', 'Flask', 'FastAPI',
  'Rails', 'Ruby on Rails', 'Laravel', 'jQuery', 'TensorFlow', 'PyTorch', 'Keras', 'scikit-learn',
  'NumPy', 'pandas', 'Spark', 'Apache Spark', 'Hadoop', 'Kafka', 'Apache Kafka', 'Kubernetes', 'Docker', 'Terraform',
  'Ansible', 'GraphQL', 'gRPC', 'Redux', 'Tailwind', 'Bootstrap', 'Electron', 'Flutter', 'React Native', '.NET',
  'ASP.NET', 'Unreal Engine', 'OpenCV', 'LLVM', 'GCC', 'Webpack', 'Vite', 'Babel', 'ESLint', 'Git',
  // Databases
  'PostgreSQL', 'Postgres', 'MySQL', 'SQLite', 'MongoDB', 'Redis', 'Cassandra', 'Elasticsearch', 'DynamoDB',
  'IndexedDB', 'Oracle Database', 'MariaDB', 'Neo4j', 'CouchDB', 'Snowflake',
  // Protocols and standards
  'HTTP', 'HTTPS', 'HTTP/2', 'TCP', 'UDP', 'IP', 'TCP/IP', 'DNS', 'TLS', 'SSL', 'SSH', 'FTP', 'SMTP', 'IMAP',
  'WebSocket', 'WebRTC', 'REST', 'SOAP', 'JSON', 'XML', 'YAML', 'HTML', 'HTML5', 'CSS', 'SVG', 'OAuth', 'OpenID',
  'Bluetooth', 'Wi-Fi', 'USB', 'USB-C', 'Ethernet', 'LTE', '5G', 'NFC', 'GPS', 'MQTT', 'Unicode', 'UTF-8',
  'BGP', 'IPv4', 'IPv6', 'JPEG', 'PNG', 'MPEG', 'PDF', 'RSS', 'LDAP', 'Kerberos', 'SAML',
  // Platforms and operating systems
  'Linux', 'Unix', 'Windows', 'macOS', 'iOS', 'Android', 'FreeBSD', 'Ubuntu', 'Debian', 'Chromium', 'WebKit',
  'AWS', 'Azure', 'Google Cloud', 'Ethereum', 'Bitcoin', 'CUDA', 'OpenGL', 'Vulkan',
  'DirectX', 'Wasm', 'LaTeX', 'TeX',
];

export const PRODUCT_NAMES: readonly string[] = [
  'iPhone', 'iPad', 'iPod', 'MacBook', 'MacBook Pro', 'MacBook Air', 'iMac', 'Apple Watch', 'AirPods', 'Vision Pro',
  'Chromebook', 'Xbox', 'PlayStation', 'Nintendo Switch', 'Kindle',
  'Alexa', 'Siri', 'Cortana', 'ChatGPT', 'Gmail', 'Google Maps', 'YouTube', 'Chrome', 'Firefox', 'Safari',
  'Microsoft Office', 'Excel', 'PowerPoint', 'Outlook', 'Photoshop', 'Illustrator', 'Slack', 'Zoom',
  'Dropbox', 'Figma', 'Notion', 'Jira', 'Confluence', 'Salesforce', 'Tesla Model 3', 'Model S',
  'Model X', 'Model Y', 'Cybertruck', 'Walkman', 'Game Boy', 'Roomba', 'ThinkPad', 'Visual Studio',
  'Visual Studio Code', 'VS Code', 'Xcode', 'GitHub Copilot', 'Instagram', 'WhatsApp',
  'Boeing 747', 'Boeing 737', 'Airbus A380', 'AlphaGo', 'Deep Blue', 'Stripe Checkout',
];

/**
 * Companies the web talks about that Reuters 1996 could not know (tech, finance,
 * platforms); CoNLL's own organizations come from its training spans.
 */
export const COMPANY_NAMES: readonly string[] = [
  'Stripe', 'Google', 'Alphabet', 'Apple', 'Microsoft', 'Amazon', 'Meta', 'Facebook', 'Netflix', 'Tesla', 'SpaceX',
  'OpenAI', 'Anthropic', 'DeepMind', 'Nvidia', 'NVIDIA', 'Intel', 'AMD', 'IBM', 'Oracle', 'Salesforce', 'Adobe',
  'Shopify', 'Airbnb', 'Uber', 'Lyft', 'Twitter', 'PayPal', 'Square', 'Block', 'Coinbase', 'Spotify', 'Snap',
  'Pinterest', 'LinkedIn', 'GitHub', 'GitLab', 'Atlassian', 'Cloudflare', 'Mozilla', 'Samsung', 'Sony', 'Huawei',
  'Xiaomi', 'Alibaba', 'Tencent', 'Baidu', 'ByteDance', 'TikTok', 'Dropbox', 'Twilio', 'Datadog', 'MongoDB Inc',
  'Vercel', 'Netlify', 'Figma', 'Canva', 'Zoom Video Communications', 'Slack Technologies', 'Qualcomm', 'ARM',
  'TSMC', 'Broadcom', 'Cisco', 'Dell', 'HP', 'Lenovo', 'Y Combinator', 'Sequoia Capital', 'Andreessen Horowitz',
  'Goldman Sachs', 'JPMorgan', 'Morgan Stanley', 'BlackRock', 'Visa', 'Mastercard', 'Wikipedia', 'Wikimedia Foundation',
  'Reuters', 'Bloomberg', 'The New York Times', 'BBC', 'CNN', 'Walmart', 'Target', 'Costco', 'Starbucks', 'Nike',
];
