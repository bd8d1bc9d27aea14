# hand-made
Creator "x"
graph [ name "g" attrs [ a 1 b [ c -2.5e3 ] ] node [ id 7 ] node [ id -3 label "y" ] edge [ source 7 target -3 ] ]
