;;; tdl-mode.el --- Major mode for TDL, the template description language  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages
;; URL: editors/emacs in the TDL repository

;;; Commentary:

;; Highlighting, indentation and comments for `.tdl' files, and the language server
;; `template-lsp' registered with eglot and with lsp-mode.
;;
;;   (add-to-list 'load-path "/path/to/TDL/editors/emacs")
;;   (require 'tdl-mode)
;;   (setq tdl-server-command '("/path/to/TDL/.build/release/template-lsp" "--stdio"))
;;   (add-hook 'tdl-mode-hook #'eglot-ensure)     ; or #'lsp for lsp-mode
;;
;; The token forms follow docs/LANGUAGE.md: `//' and `/* */' comments, `///' doc
;; comments, "…" strings on one line and """…""" strings over lines, both with escapes
;; and {{param}} interpolation, numbers with units, #hex colours, and blocks
;; `kind [name] ["Title"] { key: value }'.

;;; Code:

(require 'rx)
(require 'project nil t)  ; so `project-current', eglot's and lsp-mode's root, sees `tdl--project-find'

(defgroup tdl nil
  "Editing TDL template files."
  :group 'languages
  :prefix "tdl-")

(defcustom tdl-indent-offset 2
  "Indentation of one block level; the canonical layout uses 2."
  :type 'integer
  :safe #'integerp)

(defcustom tdl-server-command '("template-lsp" "--stdio")
  "Command that starts the TDL language server, for eglot and lsp-mode.
Build it with `swift build -c release'; the binary lands in
.build/release/template-lsp."
  :type '(repeat string))

(defcustom tdl-project-root-marker ".tdl-root"
  "A file whose folder is the root of a TDL project.
Put an empty file of this name in a project's top folder: every .tdl
file below it then belongs to that one project, and eglot or lsp-mode
run one language server for all of them.  Without it, project.el
finds the version-control root (a folder holding .git, say), and a
folder with neither is a project of its own."
  :type 'string)

(defconst tdl--identifier (rx (any "A-Za-z_") (* (any "A-Za-z0-9_-")))
  "An identifier: ASCII letter or _, then letters, digits, _ and -.")

(defconst tdl-named-colors
  '("aliceblue" "antiquewhite" "aqua" "aquamarine" "azure" "beige" "bisque" "black"
    "blanchedalmond" "blue" "blueviolet" "brown" "burlywood" "cadetblue"
    "chartreuse" "chocolate" "coral" "cornflowerblue" "cornsilk" "crimson" "cyan"
    "darkblue" "darkcyan" "darkgoldenrod" "darkgray" "darkgreen" "darkgrey"
    "darkkhaki" "darkmagenta" "darkolivegreen" "darkorange" "darkorchid" "darkred"
    "darksalmon" "darkseagreen" "darkslateblue" "darkslategray" "darkslategrey"
    "darkturquoise" "darkviolet" "deeppink" "deepskyblue" "dimgray" "dimgrey"
    "dodgerblue" "firebrick" "floralwhite" "forestgreen" "fuchsia" "gainsboro"
    "ghostwhite" "gold" "goldenrod" "gray" "green" "greenyellow" "grey" "honeydew"
    "hotpink" "indianred" "indigo" "ivory" "khaki" "lavender" "lavenderblush"
    "lawngreen" "lemonchiffon" "lightblue" "lightcoral" "lightcyan"
    "lightgoldenrodyellow" "lightgray" "lightgreen" "lightgrey" "lightpink"
    "lightsalmon" "lightseagreen" "lightskyblue" "lightslategray" "lightslategrey"
    "lightsteelblue" "lightyellow" "lime" "limegreen" "linen" "magenta" "maroon"
    "mediumaquamarine" "mediumblue" "mediumorchid" "mediumpurple" "mediumseagreen"
    "mediumslateblue" "mediumspringgreen" "mediumturquoise" "mediumvioletred"
    "midnightblue" "mintcream" "mistyrose" "moccasin" "navajowhite" "navy" "oldlace"
    "olive" "olivedrab" "orange" "orangered" "orchid" "palegoldenrod" "palegreen"
    "paleturquoise" "palevioletred" "papayawhip" "peachpuff" "peru" "pink" "plum"
    "powderblue" "purple" "rebeccapurple" "red" "rosybrown" "royalblue"
    "saddlebrown" "salmon" "sandybrown" "seagreen" "seashell" "sienna" "silver"
    "skyblue" "slateblue" "slategray" "slategrey" "snow" "springgreen" "steelblue"
    "tan" "teal" "thistle" "tomato" "transparent" "turquoise" "violet" "wheat"
    "white" "whitesmoke" "yellow" "yellowgreen")
  "The named colours TDL accepts (CSS Color 4 plus transparent).")

(defvar tdl-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; // line comments and /* */ block comments (style b for //, a for /* */).
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?\r "> b" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?- "_" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?# "_" table)
    (modify-syntax-entry ?% "_" table)
    (modify-syntax-entry ?: "." table)
    (modify-syntax-entry ?\; "." table)
    (modify-syntax-entry ?, "." table)
    (modify-syntax-entry ?{ "(}" table)
    (modify-syntax-entry ?} "){" table)
    table)
  "Syntax table for `tdl-mode'.")

(defun tdl--propertize-triple-quote ()
  "Make the \"\"\" just matched open or close a multi-line string.
The opening delimiter's first quote and the closing one's last are
string fences, so the quotes such a string may hold do not end it."
  (let* ((start (match-beginning 0))
         (ppss (save-excursion (syntax-ppss start))))
    (cond
     ((eq (char-before start) ?\\) nil)                       ; \""" : an escaped quote
     ((eq (nth 3 ppss) t)                                      ; inside """: this closes it
      (put-text-property (1- (match-end 0)) (match-end 0)
                         'syntax-table (string-to-syntax "|")))
     ((or (nth 3 ppss) (nth 4 ppss)) nil)                      ; in a "…" string or a comment
     (t (put-text-property start (1+ start)
                           'syntax-table (string-to-syntax "|"))))))

(defun tdl--propertize-quote ()
  "Make the \" just matched, if it opens a string left open, end at its line.
A \"…\" string stays on one line: without its closing quote the lexer ends
it at the line break, so one typo does not turn the rest of the file into
a string."
  (let* ((start (match-beginning 0))
         (ppss (save-excursion (syntax-ppss start))))
    (unless (or (nth 3 ppss) (nth 4 ppss))
      (save-excursion
        (goto-char (1+ start))
        (unless (looking-at "\\(?:[^\"\\\\\n\r]\\|\\\\.\\)*\"")
          (put-text-property start (1+ start) 'syntax-table (string-to-syntax "|"))
          (end-of-line)
          (unless (eobp)
            (put-text-property (point) (1+ (point)) 'syntax-table (string-to-syntax "|"))))))))

(defconst tdl--syntax-propertize
  (syntax-propertize-rules
   ("\"\"\"" (0 (ignore (tdl--propertize-triple-quote))))
   ("\"" (0 (ignore (tdl--propertize-quote))))))

(defun tdl--syntactic-face (state)
  "Doc face for /// comments, else string or comment face.
STATE is from `syntax-ppss'."
  (cond
   ((nth 3 state) 'font-lock-string-face)
   ((save-excursion
      (goto-char (nth 8 state))
      (and (looking-at "///") (not (looking-at "////"))))
    'font-lock-doc-face)
   (t 'font-lock-comment-face)))

(defun tdl--in-string-matcher (regexp)
  "A font-lock matcher for REGEXP that only matches inside strings."
  (lambda (limit)
    (let (found)
      (while (and (not found) (re-search-forward regexp limit t))
        (when (nth 3 (save-excursion (syntax-ppss (match-beginning 0))))
          (setq found t)))
      found)))

(defun tdl--in-code-matcher (regexp)
  "A font-lock matcher for REGEXP that skips strings and comments."
  (lambda (limit)
    (let (found)
      (while (and (not found) (re-search-forward regexp limit t))
        (let ((ppss (save-excursion (syntax-ppss (match-beginning 0)))))
          (unless (or (nth 3 ppss) (nth 4 ppss))
            (setq found t))))
      found)))

(defconst tdl-font-lock-keywords
  (let ((id tdl--identifier))
    `(;; Directives.
      (,(concat "^[ \t]*\\(format\\)[ \t]+-?[0-9]") 1 font-lock-preprocessor-face)
      (,(concat "^[ \t]*\\(import\\)[ \t]*\"") 1 font-lock-preprocessor-face)
      ;; kind [name] ["Title"] {   (the kind is a keyword by its place, as in the parser)
      (,(tdl--in-code-matcher
         (concat "\\_<\\(" id "\\)\\(?:[ \t]+\\(" id "\\)\\)?"
                 "[ \t]*\\(?:\"\\(?:[^\"\\\\\n]\\|\\\\.\\)*\"[ \t]*\\)?{"))
       (1 font-lock-keyword-face)
       (2 font-lock-type-face nil t))
      ;; key:
      (,(tdl--in-code-matcher (concat "\\_<\\(" id "\\)[ \t]*:"))
       1 font-lock-variable-name-face)
      ;; Inside strings: {{param}} and escapes.
      (,(tdl--in-string-matcher (concat "{{" id "}}")) 0 font-lock-variable-name-face t)
      (,(tdl--in-string-matcher "\\\\\\(?:[\"\\\\nt{]\\|u{[0-9A-Fa-f]\\{1,6\\}}\\)")
       0 font-lock-constant-face t)
      ;; Values: colours, numbers with units, booleans, named colours, the x of sizes.
      (,(tdl--in-code-matcher "#\\(?:[0-9A-Fa-f]\\{8\\}\\|[0-9A-Fa-f]\\{6\\}\\|[0-9A-Fa-f]\\{3,4\\}\\)\\_>")
       0 font-lock-constant-face)
      ;; 1. and 1.2.3 are not numbers.
      (,(tdl--in-code-matcher "\\_<-?[0-9]+\\(?:\\.[0-9]+\\.[.0-9]*\\|\\.\\(?:[^0-9]\\|$\\)\\)")
       0 font-lock-warning-face)
      ;; A unit touches its number; 327x180 is 327 with an unknown unit, left plain.
      (,(tdl--in-code-matcher "\\_<-?[0-9]+\\(?:\\.[0-9]+\\)?\\(?:\\(?:px\\|pt\\|deg\\)\\_>\\|%\\)?")
       0 font-lock-constant-face)
      (,(tdl--in-code-matcher (concat "\\_<" (regexp-opt (cons "true" (cons "false" tdl-named-colors))) "\\_>"))
       0 font-lock-constant-face)
      (,(tdl--in-code-matcher "[0-9][ \t]+\\(x\\)[ \t]+-?[0-9]") 1 font-lock-builtin-face)))
  "Highlighting for `tdl-mode'.")

(defun tdl-indent-line ()
  "Indent the current line: one `tdl-indent-offset' per open brace.
A line starting with `}' gets one level less.  Lines inside a multi-line
string are left alone: their spaces are part of the value."
  (interactive)
  (let* ((ppss (save-excursion (syntax-ppss (line-beginning-position))))
         (depth (car ppss))
         (offset (- (current-column) (current-indentation))))
    (unless (nth 3 ppss)
      (save-excursion
        (back-to-indentation)
        (when (eq (char-after) ?})
          (setq depth (1- depth))))
      (indent-line-to (* tdl-indent-offset (max depth 0)))
      (when (> offset 0) (move-to-column (+ (current-indentation) offset))))))

;;;###autoload
(define-derived-mode tdl-mode prog-mode "TDL"
  "Major mode for TDL template and annotation files (.tdl)."
  :syntax-table tdl-mode-syntax-table
  (setq-local comment-start "// ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "//+[ \t]*")
  (setq-local comment-multi-line nil)
  (setq-local syntax-propertize-function tdl--syntax-propertize)
  (setq-local font-lock-defaults
              '(tdl-font-lock-keywords nil nil nil nil
                (font-lock-syntactic-face-function . tdl--syntactic-face)))
  (setq-local indent-line-function #'tdl-indent-line)
  (setq-local indent-tabs-mode nil)
  ;; eglot and lsp-mode send tab-width as the formatting tabSize.
  (setq-local tab-width tdl-indent-offset)
  (setq-local electric-indent-chars (cons ?} electric-indent-chars))
  ;; The project (and so the language server's workspace) is the nearest folder above
  ;; with `tdl-project-root-marker' or .git (which project.el's VC backend handles).
  (add-hook 'project-find-functions #'tdl--project-find nil t))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.tdl\\'" . tdl-mode))

;;; Language server

(defun tdl--server-contact (&optional _interactive)
  "The command that starts template-lsp, for eglot."
  tdl-server-command)

(defvar eglot-server-programs)
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '((tdl-mode :language-id "tdl") . tdl--server-contact)))

(declare-function eglot-current-server "eglot")
(declare-function eglot--TextDocumentPositionParams "eglot")
(declare-function jsonrpc-request "jsonrpc")
(declare-function lsp-request "lsp-mode")
(declare-function lsp--text-document-position-params "lsp-mode")
(defvar lsp-mode)

(defun tdl--field (object key)
  "KEY of a JSON OBJECT: a plist (eglot) or a hash table (lsp-mode)."
  (cond ((hash-table-p object) (gethash (substring (symbol-name key) 1) object))
        ((listp object) (plist-get object key))))

(defun tdl-project-root (&optional directory)
  "The nearest folder from DIRECTORY upwards that holds a project marker.
The markers are `tdl-project-root-marker' and .git; DIRECTORY defaults
to `default-directory'.  nil when no folder above has either."
  (let ((root (locate-dominating-file
               (or directory default-directory)
               (lambda (dir)
                 (or (file-exists-p (expand-file-name tdl-project-root-marker dir))
                     (file-exists-p (expand-file-name ".git" dir)))))))
    (and root (file-name-as-directory (expand-file-name root)))))

(defun tdl--project-find (directory)
  "For `project-find-functions' in TDL buffers: the project of a marker file.
When the nearest folder `tdl-project-root' finds holds
`tdl-project-root-marker', that folder as a transient project (the
project of a bare folder), which eglot and lsp-mode take as the
workspace root; else nil, and project.el's version-control backend
finds the repository."
  (let ((root (tdl-project-root directory)))
    (and root (file-exists-p (expand-file-name tdl-project-root-marker root))
         (cons 'transient root))))

(defvar-local tdl--preview-file nil
  "The file `tdl-preview' writes this buffer's preview to.
One per buffer, rewritten by each preview, deleted with the buffer.")
;; Kept when the major mode is set again (revert-buffer does), so the file is still deleted.
(put 'tdl--preview-file 'permanent-local t)

(defun tdl--delete-preview-file ()
  "Delete the current buffer's preview file, if it has one."
  (when (and tdl--preview-file (file-exists-p tdl--preview-file))
    (delete-file tdl--preview-file))
  (setq tdl--preview-file nil))
(put 'tdl--delete-preview-file 'permanent-local-hook t)

(defun tdl--delete-all-preview-files ()
  "Delete the preview files of every buffer (when Emacs exits)."
  (dolist (buffer (buffer-list))
    (with-current-buffer buffer
      (when tdl--preview-file (tdl--delete-preview-file)))))
(add-hook 'kill-emacs-hook #'tdl--delete-all-preview-files)

(defun tdl-preview ()
  "Show the HTML of the template under point in a browser.
Asks template-lsp for `tdl/preview' through eglot or lsp-mode and
writes the page to a temporary file, one per buffer, which the next
preview rewrites and which is deleted with the buffer or when Emacs
exits.  The page's base is the document's folder, so its relative
images resolve.  Returns the file written."
  (interactive)
  (let* ((eglot-server (and (fboundp 'eglot-current-server) (eglot-current-server)))
         (result (cond
                  (eglot-server
                   (jsonrpc-request eglot-server :tdl/preview (eglot--TextDocumentPositionParams)))
                  ((bound-and-true-p lsp-mode)
                   (lsp-request "tdl/preview" (lsp--text-document-position-params)))
                  (t (user-error "No template-lsp connection (start eglot or lsp-mode first)"))))
         (html (or (tdl--field result :html) "")))
    (unless (and tdl--preview-file (file-exists-p tdl--preview-file))
      (setq tdl--preview-file (make-temp-file "tdl-preview-" nil ".html"))
      (add-hook 'kill-buffer-hook #'tdl--delete-preview-file nil t))
    (let ((file tdl--preview-file)
          (coding-system-for-write 'utf-8-unix))
      (with-temp-file file (insert html))
      (browse-url-of-file file)
      file)))

(defvar lsp-language-id-configuration)
(defvar lsp--formatting-indent-alist)
(declare-function lsp-register-client "lsp-mode")
(declare-function make-lsp-client "lsp-mode")
(declare-function lsp-stdio-connection "lsp-mode")
(declare-function lsp-activate-on "lsp-mode")
(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(tdl-mode . "tdl"))
  ;; lsp-mode sends this variable as the formatting tabSize (else `standard-indent', 4).
  (add-to-list 'lsp--formatting-indent-alist '(tdl-mode . tdl-indent-offset))
  (lsp-register-client
   (make-lsp-client :new-connection (lsp-stdio-connection (lambda () tdl-server-command))
                    :activation-fn (lsp-activate-on "tdl")
                    :server-id 'template-lsp)))

(provide 'tdl-mode)
;;; tdl-mode.el ends here
