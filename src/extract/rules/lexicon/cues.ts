/**
 * Type cues for the rule-based recognizer: legal suffixes and organization
 * keywords, person titles and roles, words that never start a name, and a
 * first-name lexicon of common given names across cultures.
 */

/** Last-token legal forms: "Acme Inc", "Siemens AG". */
export const LEGAL_SUFFIXES = new Set([
  'Inc', 'Inc.', 'Incorporated', 'Corp', 'Corp.', 'Corporation', 'Co', 'Co.', 'Company', 'Ltd', 'Ltd.', 'Limited', 'LLC',
  'L.L.C.', 'LLP', 'LP', 'PLC', 'Plc', 'plc', 'GmbH', 'AG', 'SA', 'S.A.', 'SE', 'NV', 'N.V.', 'BV', 'B.V.', 'SpA', 'S.p.A.',
  'SRL', 'Srl', 'SARL', 'SAS', 'AB', 'ASA', 'Oy', 'Oyj', 'KK', 'K.K.', 'Pty', 'Bhd', 'Tbk', 'Holdings', 'Group', 'Partners',
]);

/** Tokens that make a capitalized sequence an organization wherever they appear in it. */
export const ORG_KEYWORDS = new Set([
  'Bank', 'Bancorp', 'Banque', 'University', 'Universität', 'Université', 'College', 'Institute', 'Institution',
  'Foundation', 'Association', 'Society', 'Council', 'Commission', 'Committee', 'Agency', 'Authority', 'Ministry',
  'Department', 'Bureau', 'Office', 'Board', 'Federation', 'Union', 'League', 'Party', 'Army', 'Navy', 'Police',
  'Robotics', 'Dynamics', 'Analytics', 'Studios', 'Games', 'Pharma', 'Therapeutics', 'Aerospace', 'Electronics',
  'Semiconductor', 'Semiconductors', 'Foods', 'Brands', 'Media', 'Health', 'Labs', 'Laboratories', 'Lab', 'Systems', 'Technologies', 'Technology', 'Software', 'Solutions', 'Networks',
  'Communications', 'Telecom', 'Airlines', 'Airways', 'Motors', 'Industries', 'Enterprises', 'Pharmaceuticals',
  'Capital', 'Ventures', 'Securities', 'Investments', 'Insurance', 'Energy', 'Petroleum', 'Oil', 'Airlines',
  'Times', 'Post', 'Journal', 'News', 'Press', 'Herald', 'Tribune', 'Gazette', 'Reuters', 'Television', 'Radio',
  'Club', 'United', 'FC', 'Rovers', 'Athletic', 'Wanderers', 'Stock Exchange', 'Exchange', 'Court', 'Parliament',
  'Senate', 'Congress', 'Assembly', 'Government', 'Church', 'Hospital', 'School', 'Academy', 'Museum', 'Orchestra',
  'Fund', 'Trust', 'Service', 'Services', 'Organisation', 'Organization', 'Front', 'Movement', 'Alliance', 'Coalition',
  'Brigade', 'Forces', 'Corps', 'Guard', 'Reserve', 'Treasury', 'Cabinet', 'Inc', 'Corp', 'Co', 'Ltd', 'Group',
]);

/** Tokens that make a sequence a location: "Lake Geneva", "Mount Everest", "Bay of Biscay". */
export const LOC_KEYWORDS = new Set([
  'River', 'Lake', 'Mount', 'Mountains', 'Mountain', 'Island', 'Islands', 'Sea', 'Ocean', 'Bay', 'Gulf', 'Valley',
  'Desert', 'Peninsula', 'Strait', 'Canal', 'County', 'Province', 'Street', 'Avenue', 'Road', 'Square', 'Airport',
  'Beach', 'Coast', 'Harbour', 'Harbor', 'Heights', 'Hills', 'Park', 'Republic', 'Kingdom', 'Emirates', 'City',
]);

/** Words before a name that make it a person ("Dr Jane Doe", "CEO John Roe"). Not part of the name. */
export const PERSON_TITLES = new Set([
  'Mr', 'Mr.', 'Mrs', 'Mrs.', 'Ms', 'Ms.', 'Miss', 'Dr', 'Dr.', 'Prof', 'Prof.', 'Professor', 'Sir', 'Dame', 'Lord',
  'Lady', 'President', 'Vice', 'Premier', 'Minister', 'Chancellor', 'Senator', 'Sen.', 'Rep.', 'Representative',
  'Governor', 'Gov.', 'Mayor', 'Judge', 'Justice', 'General', 'Gen.', 'Colonel', 'Col.', 'Captain', 'Capt.',
  'Lieutenant', 'Lt.', 'Sergeant', 'Sgt.', 'Admiral', 'Commander', 'King', 'Queen', 'Prince', 'Princess', 'Pope',
  'Father', 'Rev.', 'Reverend', 'Bishop', 'Archbishop', 'Cardinal', 'Rabbi', 'Imam', 'Sheikh', 'Chairman', 'Chairwoman',
  'Chief', 'Secretary', 'Ambassador', 'Coach', 'Manager', 'Director', 'Spokesman', 'Spokeswoman', 'CEO', 'CTO',
  'CFO', 'COO', 'Founder', 'Co-founder', 'Cofounder', 'Editor', 'Author', 'Agent', 'Detective', 'Officer', 'Dean',
  'Leader', 'Deputy', 'Speaker', 'Prime', 'Emperor', 'Sultan', 'Mister', 'Madam', 'Madame', 'Monsieur', 'Herr', 'Frau',
]);

/** Lower-case role words that, right before or after a name, say it is a person. */
export const PERSON_ROLE_WORDS = new Set([
  'ceo', 'cto', 'cfo', 'coo', 'founder', 'co-founder', 'cofounder', 'president', 'chairman', 'chairwoman', 'director',
  'spokesman', 'spokeswoman', 'spokesperson', 'minister', 'senator', 'governor', 'mayor', 'coach', 'striker',
  'midfielder', 'defender', 'goalkeeper', 'captain', 'manager', 'analyst', 'economist', 'professor', 'author', 'writer',
  'actor', 'actress', 'singer', 'player', 'leader', 'chief', 'executive', 'engineer', 'researcher', 'scientist',
  'journalist', 'reporter', 'editor', 'lawyer', 'attorney', 'judge', 'officer', 'secretary', 'ambassador', 'investor',
  'entrepreneur', 'developer', 'designer', 'partner', 'head', 'son', 'daughter', 'wife', 'husband', 'brother', 'sister',
]);

/** Verbs that follow a person's name in reporting ("Smith said"). */
export const PERSON_VERBS = new Set([
  'said', 'says', 'told', 'added', 'asked', 'noted', 'argued', 'explained', 'wrote', 'believes', 'thinks', 'recalled',
  'insisted', 'admitted', 'warned', 'claimed', 'stated', 'replied', 'declared', 'smiled', 'laughed', 'died', 'married',
]);

/** Capitalized words that never are (or start) a name of their own. */
export const NEVER_NAMES = new Set([
  'I', 'A', 'An', 'The', 'By', 'This', 'That', 'These', 'Those', 'It', 'Its', 'He', 'She', 'They', 'We', 'You', 'His', 'Her',
  'Their', 'Our', 'Your', 'My', 'If', 'But', 'And', 'Or', 'So', 'Yet', 'In', 'On', 'At', 'For', 'By', 'With', 'From',
  'To', 'Of', 'As', 'When', 'While', 'After', 'Before', 'Since', 'Although', 'Though', 'Because', 'Why', 'What', 'Who',
  'How', 'Where', 'Which', 'There', 'Here', 'Then', 'Now', 'Today', 'Yesterday', 'Tomorrow', 'Also', 'However', 'Some',
  'Many', 'Most', 'All', 'No', 'Not', 'Yes', 'One', 'Two', 'Three', 'Every', 'Each', 'Other', 'Another', 'Such', 'More',
  'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'January', 'February', 'March', 'April',
  'June', 'July', 'August', 'September', 'October', 'November', 'December', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul',
  'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'AM', 'PM', 'OK',
  'Read', 'Sign', 'Log', 'Click', 'Share', 'Subscribe', 'Follow', 'Home', 'Menu', 'Search', 'Next', 'Previous', 'Back',
  'Advertisement', 'Related', 'Please', 'Thanks', 'Thank', 'Note', 'See', 'Photo', 'Image', 'Video', 'Source', 'Update',
  'Updated', 'Published', 'Posted', 'Copyright', 'Contents', 'Table', 'Figure', 'Chapter', 'Section', 'Page', 'Step',
]);

/** Connectors allowed inside a name between two capitalized tokens. */
export const NAME_CONNECTORS = new Set(['of', 'de', 'del', 'della', 'der', 'den', 'van', 'von', 'la', 'le', 'du', 'da', 'di', 'dos', 'das', 'y', 'bin', 'ibn', 'al', 'el', 'al-', '&', 'for', 'and']);

/**
 * Common given names across cultures (English, Spanish, Portuguese, French,
 * German, Italian, Dutch, Nordic, Slavic, Arabic, Turkish, Persian, Indian,
 * Chinese, Japanese, Korean, Vietnamese, African).
 */
export const FIRST_NAMES = new Set(`
James John Robert Michael William David Richard Joseph Thomas Charles Christopher Daniel Matthew Anthony Mark Donald Steven
Paul Andrew Joshua Kenneth Kevin Brian George Timothy Ronald Edward Jason Jeffrey Ryan Jacob Gary Nicholas Eric Jonathan
Stephen Larry Justin Scott Brandon Benjamin Samuel Gregory Alexander Frank Patrick Raymond Jack Dennis Jerry Tyler Aaron
Jose Adam Nathan Henry Douglas Zachary Peter Kyle Ethan Walter Noah Jeremy Christian Keith Roger Terry Gerald Harold Sean
Austin Carl Arthur Lawrence Dylan Jesse Jordan Bryan Billy Joe Bruce Gabriel Logan Albert Willie Alan Juan Wayne Elijah
Randy Roy Vincent Ralph Eugene Russell Bobby Mason Philip Louis Harry Howard Fred Martin Craig Bill Bob Tom Tim Jim Mike
Dave Steve Chris Nick Matt Dan Ben Sam Tony Rick Ted Ed Al Ian Neil Colin Graham Stuart Alistair Hugh Nigel Trevor Clive
Barry Derek Geoffrey Malcolm Rupert Simon Oliver Jake Luke Leo Max Oscar Hugo Felix Theo Freddie Archie Alfie Charlie
Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Lisa Nancy Betty Margaret Sandra Ashley Kimberly
Emily Donna Michelle Carol Amanda Dorothy Melissa Deborah Stephanie Rebecca Sharon Laura Cynthia Kathleen Amy Angela
Shirley Anna Brenda Pamela Emma Nicole Helen Samantha Katherine Christine Debra Rachel Carolyn Janet Catherine Maria
Heather Diane Ruth Julie Olivia Joyce Virginia Victoria Kelly Lauren Christina Joan Evelyn Judith Megan Andrea Cheryl
Hannah Jacqueline Martha Gloria Teresa Ann Sara Madison Frances Kathryn Janice Jean Abigail Alice Judy Sophia Grace Denise
Amber Doris Marilyn Danielle Beverly Isabella Theresa Diana Natalie Brittany Charlotte Marie Kayla Alexis Lori Jane Kate
Lucy Sophie Chloe Ella Mia Ava Zoe Lily Ellie Jessie Holly Molly Amelia Isla Poppy Freya Ruby Daisy Rosie Sienna Anne
Carlos Luis Miguel Jorge Pedro Manuel Antonio Francisco Javier Rafael Fernando Sergio Alejandro Diego Pablo Andres Ricardo
Eduardo Roberto Alberto Raul Enrique Ramon Ignacio Alfonso Gonzalo Santiago Mateo Emilio Hector Julio Cesar Ruben Victor
Lucia Sofia Carmen Isabel Ana Laura Marta Elena Paula Cristina Pilar Rosa Teresa Beatriz Raquel Silvia Patricia Lorena
Joao Tiago Rui Nuno Vasco Bruno Ricardo Goncalo Afonso Duarte Inês Beatriz Mariana Leonor Matilde Gabriela Fernanda
Jean Pierre Michel Philippe Alain Jacques Bernard Christophe Nicolas Laurent Olivier Francois Éric Thierry Pascal Didier
Yves Marc Sébastien Julien Guillaume Antoine Mathieu Benoit Luc Rémi Emmanuel Jérôme Vincent Gilles Hervé Patrice Fabien
Marie Nathalie Isabelle Sylvie Catherine Françoise Valérie Sandrine Céline Sophie Aurélie Camille Manon Léa Chloé Margaux
Hans Klaus Jürgen Wolfgang Helmut Dieter Günter Horst Uwe Frank Stefan Andreas Thomas Michael Markus Matthias Jens Jörg
Lars Uli Ulrich Karl Heinz Werner Gerhard Manfred Rolf Bernd Rainer Sven Tobias Florian Lukas Jonas Felix Niklas Moritz
Ursula Monika Petra Sabine Andrea Claudia Birgit Susanne Heike Karin Gabriele Angelika Renate Anja Katrin Julia Lena
Giuseppe Giovanni Francesco Antonio Mario Luigi Angelo Vincenzo Pietro Salvatore Carlo Franco Domenico Bruno Paolo
Michele Giorgio Aldo Sergio Luciano Roberto Alessandro Andrea Marco Matteo Lorenzo Davide Simone Federico Stefano Fabio
Massimo Giulia Francesca Chiara Federica Sara Valentina Alessandra Silvia Elisa Giorgia Martina Roberta Paola Daniela
Jan Pieter Willem Hendrik Johannes Cornelis Dirk Bram Daan Sem Ruben Thijs Joost Maarten Wouter Bas Koen Sanne Femke
Anders Erik Lars Nils Olof Per Sven Gustav Magnus Henrik Johan Karl Bjorn Björn Mats Ola Knut Jens Søren Mads Rasmus
Ingrid Astrid Karin Kristina Sigrid Freja Maja Elsa Linnea Annika Helga Liv Nora Saga Mette Hanne Pia Signe
Ivan Dmitry Dmitri Sergei Sergey Alexei Alexey Andrei Andrey Mikhail Nikolai Vladimir Boris Yuri Oleg Igor Pavel
Viktor Anatoly Leonid Gennady Vasily Maxim Artem Roman Evgeny Yevgeny Konstantin Grigory Natasha Natalia Olga Tatiana
Irina Svetlana Elena Anastasia Ekaterina Yekaterina Marina Galina Lyudmila Nadezhda Vera Oksana Yulia Ksenia Darya
Piotr Krzysztof Tomasz Pawel Marcin Michal Grzegorz Jakub Wojciech Lukasz Agnieszka Katarzyna Malgorzata Joanna
Jiri Petr Josef Milan Miroslav Zdenek Vaclav Lubos Tereza Jana Eva Hana Zuzana Lenka Lucie Miklos Laszlo Istvan Zoltan
Mohammed Muhammad Mohamed Ahmed Ahmad Ali Omar Hassan Hussein Hussain Ibrahim Khalid Mahmoud Mustafa Youssef Yusuf
Abdullah Abdul Karim Rashid Said Salim Tariq Walid Faisal Nasser Samir Hamid Jamal Bilal Hamza Ziad Adel Fahd Majid
Fatima Aisha Mariam Maryam Layla Leila Nour Noor Zainab Amina Yasmin Huda Salma Rania Hana Dina Lina Sara Khadija
Mehmet Mustafa Ahmet Ali Huseyin Hasan Ibrahim Ismail Osman Murat Emre Burak Cem Kemal Recep Tayyip Ayse Fatma Emine
Reza Hossein Mohsen Mehdi Ali Amir Hamid Majid Javad Saeed Dariush Cyrus Parisa Maryam Shirin Nasrin Azadeh Farah
Raj Rahul Amit Sanjay Vijay Anil Sunil Ravi Rajesh Suresh Ramesh Mahesh Arun Ashok Deepak Manoj Vikram Arjun Rohan
Aditya Karan Nikhil Pranav Siddharth Sachin Narendra Rajiv Sonia Priya Anjali Pooja Neha Kavita Sunita Anita Deepa
Lakshmi Meera Divya Shreya Aishwarya Indira Sundar Satya Sundar Mukesh Ratan Azim Shiv Gautam Kiran Aryan Ishaan
Wei Li Ming Jun Hui Yan Jian Hong Lei Jie Tao Qiang Bin Chao Gang Hao Xin Yu Xiaoping Jinping Zemin Jintao Keqiang
Xiao Mei Ling Fang Juan Xiu Ying Hua Na Jing Lan Yun Zhen Wen Bo Feng Kai Long Peng Yang Jack Pony Lei Robin
Hiroshi Takashi Kenji Akira Yuki Haruki Satoshi Kazuo Shinzo Taro Ichiro Koji Makoto Naoki Ryo Sho Daisuke Kenta
Yoshihiko Junichiro Masayoshi Akio Tadashi Yoko Keiko Yuko Akiko Naomi Hanako Sakura Aiko Emi Mai Rina Haruka
Min Seung Hyun Ji Sung Jae Dong Young Joon Woo Kyung Hee Soo Eun Jin Hye Moon Park Kim Lee Chung Jung
Nguyen Minh Anh Tuan Hung Duc Thanh Quang Huy Linh Thu Lan Hoa Mai Trang
Kofi Kwame Kwaku Ama Abena Chinedu Chukwuma Emeka Ngozi Oluwaseun Olu Tunde Ade Bola Femi Uche Chioma Amaka Nnamdi
Jomo Uhuru Nelson Thabo Jacob Cyril Desmond Winnie Graca Samora Kenneth Robert Yoweri Paul Abiy Haile Meles Mengistu
Elon Jeff Sundar Satya Tim Sheryl Marissa Reed Evan Bobby Travis Garrett Drew Dara Brian Jensen Lisa Ginni Safra
Mark Larry Sergey Steve Bill Warren Jamie Lloyd Jamie Stewart Vitalik Changpeng Sam Dario Demis Mustafa Ilya Andrej
`.split(/\s+/).filter((n) => n.length > 0));
